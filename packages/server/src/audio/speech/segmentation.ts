/**
 * Speaker segmentation with pyannote's segmentation-3.0 (int8 ONNX, shipped in
 * packages/server/models/pyannote-segmentation-3.0 with its MIT licence and provenance). For each
 * 10 s window the model says, per 16.9 ms frame, which of up to three *local* speakers talk (two at
 * once included). This file runs it over the streaming audio in overlapping windows and stitches the
 * local speakers of neighbouring windows where they agree on the overlap (as pyannote's pipelines
 * did before speaker embeddings), so every stretch of one voice becomes a numbered *track*. Tracks
 * are not people: the speaker stage (speakers/tracks.ts) clusters them.
 *
 * Out of it come, per frame once no later window covers it: the probability that someone speaks
 * (speech activity for piece cutting, in place of Silero) and the one or two tracks active there.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import { ModelMissingError } from '../model-missing.ts';

/** sha256 of the shipped model.int8.onnx (see the README beside it); checked at load. */
export const SEGMENTATION_MODEL_SHA256 = 'd582f4b4c6b48205de7e0643c57df0df5615a3c176189be3fc461e9d18827b5d';
export const SEG_WINDOW = 160_000; // 10 s at 16 kHz, the model's input
export const SEG_HOP = 270; // samples per output frame
export const SEG_FRAMES = 589; // output frames per window
const SEG_FIELD = 991; // receptive field of one output frame (samples)
const LOCAL = 3; // local speakers per window
/** Centre of global frame g, in samples from the start of the recording. */
export const segFrameCentre = (g: number): number => g * SEG_HOP + SEG_FIELD / 2;

export function defaultSegmentationModelPath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, '../../../models/pyannote-segmentation-3.0/model.int8.onnx');
}

const sessions = new Map<string, Promise<ort.InferenceSession>>();

/** One session per process (per model path): a 20 s clip should not pay the set-up again. */
export function segmentationSession(modelPath = defaultSegmentationModelPath()): Promise<ort.InferenceSession> {
  let s = sessions.get(modelPath);
  if (!s) {
    s = (async () => {
      if (!existsSync(modelPath))
        throw new ModelMissingError(`Speaker segmentation model not found: ${modelPath}`, modelPath);
      const bytes = readFileSync(modelPath);
      const sum = createHash('sha256').update(bytes).digest('hex');
      if (sum !== SEGMENTATION_MODEL_SHA256)
        throw new Error(`Speaker segmentation model ${modelPath} is damaged or not the shipped one (sha256 ${sum})`);
      return ort.InferenceSession.create(bytes, {
        intraOpNumThreads: 1,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
      });
    })();
    s.catch(() => sessions.delete(modelPath));
    sessions.set(modelPath, s);
  }
  return s;
}

export interface SegmentationOptions {
  /** Window step in output frames; default 148 (2.5 s: each frame is judged by 4 windows). */
  stepFrames?: number;
  /** Gain applied to what the model hears (quiet recordings, level.ts), clipped to [-1, 1]; default 1. */
  gain?: number;
}

/** What the segmentation said about the whole recording, for the speaker stage. */
export interface SpeakerTracks {
  /** Frames (global, SEG_HOP apart, centred at segFrameCentre). */
  frames: number;
  /** The most active track per frame, or -1 (nobody speaks). */
  first: Int32Array;
  /** A second track active at the same time (overlapped speech), or -1. */
  second: Int32Array;
  trackCount: number;
  /**
   * Tracks the model told apart as two local speakers of one window (seconds), each speaking there
   * for at least DISTINCT_SECONDS: two people there, whether or not they spoke at once. Kept with
   * the window's time because a track may, rarely, carry another voice elsewhere.
   */
  distinct?: ReadonlyArray<{ x: number; y: number; start: number; end: number }>;
}

/** Per session, its output for a window of digital silence (SpeakerSegmentation.heardWindow); read only. */
const silentOutputs = new WeakMap<ort.InferenceSession, Float32Array>();

/** Every sample +0 (its bits all zero: -0 is not taken for silence, the model is not asked about it). */
export function isDigitalSilence(x: Float32Array): boolean {
  const words = new Uint32Array(x.buffer, x.byteOffset, x.length);
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
  return true;
}

/** Speech a local speaker needs in a window for the model's telling it from another to count. */
const DISTINCT_SECONDS = 1;

/**
 * Streaming segmentation: push 16 kHz mono PCM, read frames once final. Keeps the audio of one
 * window plus the running sums of the frames it still covers; the per-frame results for the whole
 * recording are two Int32 and one Float32 per 16.9 ms (~3 MB an hour).
 */
export class SpeakerSegmentation {
  private readonly session: ort.InferenceSession;
  private readonly step: number;
  private readonly gain: number;
  private audio = new Float32Array(SEG_WINDOW * 2);
  private readonly input = new Float32Array(SEG_WINDOW);
  private audioLen = 0;
  private audioOffset = 0; // absolute sample index of audio[0]
  private received = 0; // samples pushed
  private windows = 0; // windows run
  private prevLocal: Float32Array | undefined; // last window's local activities [frame * LOCAL + s]
  private prevTracks: number[] = [];
  private nextTrack = 0;
  // running sums over frames [finalFrames, ...): per frame a map track -> summed activity, speech sum, windows
  private sums: Array<Map<number, number>> = [];
  private speechSums: number[] = [];
  private speakerSums: number[] = []; // active local speakers, summed over windows
  private counts: number[] = [];
  private finalFrames = 0;
  private speech = new Float32Array(4096);
  private first = new Int32Array(4096);
  private second = new Int32Array(4096);
  private finished = false;
  private readonly distinct: Array<{ x: number; y: number; start: number; end: number }> = [];

  private constructor(session: ort.InferenceSession, o: SegmentationOptions) {
    this.session = session;
    this.step = o.stepFrames ?? 148;
    this.gain = o.gain ?? 1;
  }

  static async load(options: SegmentationOptions = {}, modelPath?: string): Promise<SpeakerSegmentation> {
    return new SpeakerSegmentation(await segmentationSession(modelPath), options);
  }

  /** Frames whose results are final. */
  get readyFrames(): number {
    return this.finalFrames;
  }

  /** Probability that someone speaks in final frame g. */
  speechAt(g: number): number {
    return this.speech[g]!;
  }

  /** The one track speaking alone in final frame g, or undefined (silence or overlap). */
  soloTrackAt(g: number): number | undefined {
    return this.first[g]! >= 0 && this.second[g]! < 0 ? this.first[g] : undefined;
  }

  /** Whether anyone speaks in final frame g (the tracks' decision, not the raw probability). */
  activeAt(g: number): boolean {
    return this.first[g]! >= 0;
  }

  /** Whether two tracks are active at once in final frame g. */
  overlapAt(g: number): boolean {
    return this.second[g]! >= 0;
  }

  async push(chunk: Float32Array): Promise<void> {
    if (this.finished) throw new Error('SpeakerSegmentation: push after finish');
    this.append(chunk);
    this.received += chunk.length;
    while (this.windowStart(this.windows) + SEG_WINDOW <= this.received) await this.runWindow();
  }

  /** The same audio, passed on once the model has heard it (speaker tracks beside Silero's pieces). */
  async *hearing(source: AsyncIterable<Float32Array>): AsyncGenerator<Float32Array> {
    for await (const chunk of source) {
      await this.push(chunk);
      yield chunk;
    }
  }

  /** Runs the last windows (zero-padded past the end) and makes every frame of the recording final. */
  async finish(): Promise<SpeakerTracks> {
    if (!this.finished) {
      this.finished = true;
      // one window at least; then until a window reaches the end of the audio
      if (this.windows === 0 || this.windowStart(this.windows - 1) + SEG_WINDOW < this.received) {
        do await this.runWindow();
        while (this.windowStart(this.windows - 1) + SEG_WINDOW < this.received);
      }
      const total = Math.max(0, Math.ceil((this.received - SEG_FIELD / 2) / SEG_HOP));
      this.finalise(Math.max(total, this.finalFrames), total);
    }
    return {
      frames: this.finalFrames,
      first: this.first.subarray(0, this.finalFrames),
      second: this.second.subarray(0, this.finalFrames),
      trackCount: this.nextTrack,
      distinct: this.distinct,
    };
  }

  private windowStart(k: number): number {
    return k * this.step * SEG_HOP;
  }

  private append(chunk: Float32Array): void {
    // drop audio before the next window's start
    const keepFrom = this.windowStart(this.windows) - this.audioOffset;
    if (keepFrom > 0) {
      this.audio.copyWithin(0, keepFrom, this.audioLen);
      this.audioLen -= keepFrom;
      this.audioOffset += keepFrom;
    }
    if (this.audioLen + chunk.length > this.audio.length) {
      const grown = new Float32Array(Math.max(this.audio.length * 2, this.audioLen + chunk.length));
      grown.set(this.audio.subarray(0, this.audioLen));
      this.audio = grown;
    }
    const g = this.gain;
    for (let i = 0; i < chunk.length; i++) this.audio[this.audioLen + i] = Math.max(-1, Math.min(1, chunk[i]! * g));
    this.audioLen += chunk.length;
  }

  private async runWindow(): Promise<void> {
    const k = this.windows++;
    const start = this.windowStart(k);
    // one input buffer for every window (640 KB each, 1,440 windows an hour: no garbage to collect)
    const x = this.input;
    const from = start - this.audioOffset;
    const heard = this.audio.subarray(from, Math.min(this.audioLen, from + SEG_WINDOW));
    x.set(heard);
    x.fill(0, heard.length); // zero past the end of the recording
    const y = await this.heardWindow(x); // [SEG_FRAMES, 7] log-probabilities over the powerset
    const local = new Float32Array(SEG_FRAMES * LOCAL); // soft activity, for stitching
    const hard = new Uint8Array(SEG_FRAMES * LOCAL); // the model's own decision (most likely class)
    const speech = new Float32Array(SEG_FRAMES);
    for (let t = 0; t < SEG_FRAMES; t++) {
      const p = (c: number) => Math.exp(y[t * 7 + c]!);
      // classes: silence, A, B, C, A+B, A+C, B+C
      local[t * LOCAL] = p(1) + p(4) + p(5);
      local[t * LOCAL + 1] = p(2) + p(4) + p(6);
      local[t * LOCAL + 2] = p(3) + p(5) + p(6);
      speech[t] = 1 - p(0);
      let best = 0;
      for (let c = 1; c < 7; c++) if (y[t * 7 + c]! > y[t * 7 + best]!) best = c;
      for (const s of POWERSET[best]!) hard[t * LOCAL + s] = 1;
    }
    const tracks = this.stitch(local);
    const base = k * this.step; // global frame of this window's frame 0
    const valid = Math.min(SEG_FRAMES, Math.ceil((this.received - start - SEG_FIELD / 2) / SEG_HOP));
    this.noteDistinct(hard, tracks, valid, start);
    for (let t = 0; t < valid; t++) {
      const i = base + t - this.finalFrames;
      if (i < 0) continue;
      while (this.sums.length <= i) {
        this.sums.push(new Map());
        this.speechSums.push(0);
        this.speakerSums.push(0);
        this.counts.push(0);
      }
      const w = FRAME_WEIGHT[t]!;
      this.counts[i]! += w;
      this.speechSums[i]! += w * speech[t]!;
      const m = this.sums[i]!;
      for (let s = 0; s < LOCAL; s++) {
        if (!hard[t * LOCAL + s]) continue;
        m.set(tracks[s]!, (m.get(tracks[s]!) ?? 0) + w);
        this.speakerSums[i]! += w;
      }
    }
    this.prevLocal = local;
    this.prevTracks = tracks;
    // frames before the next window's start are covered by no later window
    if (!this.finished) this.finalise((k + 1) * this.step, Infinity);
  }

  /**
   * The model's output for window `x`. A window of exact digital silence (every sample +0: one side
   * of a call while the other speaks, frames silenced as bleed) gives the same output every time, so
   * the session runs it once and reuses it: the same numbers, bit for bit, without the run (a third of
   * a call's windows; the model is most of the main thread's time).
   */
  private async heardWindow(x: Float32Array): Promise<Float32Array> {
    const silent = isDigitalSilence(x);
    const known = silent ? silentOutputs.get(this.session) : undefined;
    if (known) return known;
    const out = await this.session.run({ x: new ort.Tensor('float32', x, [1, 1, SEG_WINDOW]) });
    const y = out.y!.data as Float32Array;
    if (silent) silentOutputs.set(this.session, y.slice());
    return y;
  }

  /**
   * Local speakers of this window matched to the previous window's on their overlap (less its
   * edges, STITCH_EDGE): the pairing (of the 3! possible) with the most activity in common; a pair
   * joins one track only if they
   * share at least 0.5 s of activity and it is most of the shorter one's activity there (otherwise
   * a new track starts: the clustering joins tracks of one person later, it cannot split them).
   */
  private stitch(local: Float32Array): number[] {
    const prev = this.prevLocal;
    const fresh = () => this.nextTrack++;
    if (!prev) return [fresh(), fresh(), fresh()];
    const overlap = SEG_FRAMES - this.step;
    const common = new Float64Array(LOCAL * LOCAL);
    const totalPrev = new Float64Array(LOCAL);
    const totalNew = new Float64Array(LOCAL);
    for (let t = STITCH_EDGE; t < overlap - STITCH_EDGE; t++) {
      for (let a = 0; a < LOCAL; a++) {
        const pa = prev[(t + this.step) * LOCAL + a]!;
        totalPrev[a]! += pa;
        for (let b = 0; b < LOCAL; b++) common[a * LOCAL + b]! += Math.min(pa, local[t * LOCAL + b]!);
      }
      for (let b = 0; b < LOCAL; b++) totalNew[b]! += local[t * LOCAL + b]!;
    }
    let best = [0, 1, 2];
    let bestScore = -1;
    for (const perm of PERMUTATIONS) {
      let s = 0;
      for (let b = 0; b < LOCAL; b++) s += common[perm[b]! * LOCAL + b]!;
      if (s > bestScore) {
        bestScore = s;
        best = perm;
      }
    }
    const minCommon = 0.5 / (SEG_HOP / 16000); // 0.5 s of frames
    return best.map((a, b) => {
      const c = common[a * LOCAL + b]!;
      const joined = c >= minCommon && c >= 0.5 * Math.min(totalPrev[a]!, totalNew[b]!);
      return joined ? this.prevTracks[a]! : fresh();
    });
  }

  /** Records the window's local speakers that each speak long enough as pairs of different people. */
  private noteDistinct(hard: Uint8Array, tracks: number[], valid: number, start: number): void {
    const active = new Array<number>(LOCAL).fill(0);
    for (let t = 0; t < valid; t++) for (let s = 0; s < LOCAL; s++) active[s]! += hard[t * LOCAL + s]!;
    const need = (DISTINCT_SECONDS * 16000) / SEG_HOP;
    for (let a = 0; a < LOCAL; a++)
      for (let b = a + 1; b < LOCAL; b++) {
        const x = tracks[a]!;
        const y = tracks[b]!;
        if (active[a]! >= need && active[b]! >= need && x !== y)
          this.distinct.push({ x, y, start: start / 16000, end: (start + SEG_WINDOW) / 16000 });
      }
  }

  /** Makes frames before `upTo` final; frames at or after `last` (past the audio) are dropped. */
  private finalise(upTo: number, last: number): void {
    const n = Math.min(upTo, last) - this.finalFrames;
    if (n <= 0) return;
    this.grow(this.finalFrames + n);
    for (let i = 0; i < n; i++) {
      const g = this.finalFrames + i;
      const count = this.counts[i] ?? 0;
      this.speech[g] = count ? this.speechSums[i]! / count : 0;
      // as pyannote: how many speak is the windows' average count, rounded; who are the most active
      const speakers = count > 0 ? Math.round(this.speakerSums[i]! / count) : 0;
      let f = -1;
      let fa = 0;
      let s = -1;
      let sa = 0;
      for (const [track, sum] of this.sums[i] ?? []) {
        if (sum > fa) {
          s = f;
          sa = fa;
          f = track;
          fa = sum;
        } else if (sum > sa) {
          s = track;
          sa = sum;
        }
      }
      if (speakers < 1) f = -1;
      if (speakers < 2) s = -1;
      this.first[g] = f;
      this.second[g] = s;
    }
    this.sums.splice(0, n);
    this.speechSums.splice(0, n);
    this.speakerSums.splice(0, n);
    this.counts.splice(0, n);
    this.finalFrames += n;
  }

  private grow(frames: number): void {
    if (frames <= this.speech.length) return;
    let cap = this.speech.length;
    while (cap < frames) cap *= 2;
    const sp = new Float32Array(cap);
    sp.set(this.speech);
    const f = new Int32Array(cap);
    f.set(this.first);
    const s = new Int32Array(cap);
    s.set(this.second);
    this.speech = sp;
    this.first = f;
    this.second = s;
  }
}

/**
 * How much a window's frame counts when the windows covering it are combined: a Hamming window, as
 * pyannote aggregates. The model hears least context at a window's edges and errs most there (it
 * gave two clean voices one local speaker when the second only began in the window's last seconds).
 */
const FRAME_WEIGHT = Float32Array.from(
  { length: SEG_FRAMES },
  (_, t) => 0.54 - 0.46 * Math.cos((2 * Math.PI * t) / (SEG_FRAMES - 1)),
);
/**
 * Frames (1 s) at either end of the overlap of two windows that stitching does not look at: the
 * last second of the earlier window and the first of the later one, each heard at its window's
 * edge. A voice that only begins there was matched to the one that had just ended (a track then
 * carried two people: the joined clean clips went from 4 wrongly joined tracks to none).
 */
const STITCH_EDGE = Math.round(16000 / SEG_HOP);

/** Local speakers of each powerset class: silence, A, B, C, A+B, A+C, B+C. */
const POWERSET = [[], [0], [1], [2], [0, 1], [0, 2], [1, 2]];

const PERMUTATIONS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];
