/**
 * The offline transcription pipeline: decode (streamed) → VAD → recognition → speakers.
 *
 * Decoding, VAD and speaker features run ahead of recognition through a small bounded queue, so
 * the two cores are both used (ffmpeg + VAD + MFCC on one side, the recogniser on the other) and
 * memory stays flat: only the pieces waiting for recognition (up to 16 × ≤ 20 s of audio), the
 * transcript, and compact speaker features (~210 numbers per 0.5 s of speech) are kept.
 */

import { UNHEARD_SEGMENT_TEXT } from '@parley/contract';
import { ChannelBalance, monoMeasuringSides } from '../decoding/channels.ts';
import { AudioDecodeError, decodePcmStream, estimateDurationSeconds, probeAudioHeader } from '../decoding/ffmpeg.ts';
import { type GainOptions, type LevelOptions, levelForVad, vadGainFor } from '../decoding/level.ts';
import { type AsrEngine, hasSegments } from '../recognition/engine.ts';
import {
  type DiarizationResult,
  type DiarizeOptions,
  diarize,
  type SegmentPart,
  type SpeakerBlock,
  SpeakerFeatures,
} from '../speakers/diarize.ts';
import { followVoiceEdges } from '../speakers/edges.ts';
import { encodeVoice, segmentVoices } from '../speakers/voice-stats.ts';
import type { OverlapOptions } from '../speech/overlap-speech.ts';
import { resolveSegmenter } from '../speech/piece-tracker.ts';
import { type SegmentationOptions, SpeakerSegmentation, type SpeakerTracks } from '../speech/segmentation.ts';
import { SPAN_GAP_SECONDS, speechSpans } from '../speech/speech-spans.ts';
import { type SegmenterOptions, SileroVad, type SpeechPiece, speechPieces, type UnheardPiece } from '../speech/vad.ts';
import { keepDistinctSecondVoices, keepSecondVoiceWords, type SecondVoiceOptions } from './second-voices.ts';

/** Speech when the segmentation's speech probability reaches this: its own decision (argmax over silence). */
const SEGMENTATION_THRESHOLD = 0.5;

export interface TranscriptSegment {
  speaker: string;
  text: string;
  /** Seconds from the start of the recording. */
  startTime: number;
  endTime: number;
  /** The segment's voice statistics, stored form (voice-stats.ts); absent when no speech block fell in it. */
  voice?: string;
}

export interface TranscriptionResult {
  durationSeconds: number;
  /** Ordered by startTime. */
  segments: TranscriptSegment[];
  diarization: 'ok' | 'failed';
  diarizationError?: string;
  speakerCount: number;
  engine: string;
  /** Wall-clock seconds spent, for logs and benchmarks. */
  timings: {
    total: number;
    probe: number;
    transcribe: number;
    diarize: number;
    /** Of `transcribe`, the time the recogniser waited for its next piece (the decoding side was behind). */
    recognitionWaited: number;
  };
}

export type { AsrEngine, SegmentingAsrEngine } from '../recognition/engine.ts';

/** Minimal logger shape (pino / Fastify compatible: object first, then message). */
export interface PipelineLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export type Diarizer = (
  blocks: SpeakerBlock[],
  segments: Array<{ start: number; end: number }>,
  options?: DiarizeOptions,
  tracks?: SpeakerTracks,
) => DiarizationResult;

export interface TranscribeFileOptions {
  engine: AsrEngine;
  /** Called with a fraction in [0, 1] that only grows; 1 is reported once at the end. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  logger?: PipelineLogger;
  /** Speech segmentation settings (see vad.ts). */
  segmentation?: SegmenterOptions;
  /** How quiet recordings are raised for speech detection, and where a long one is heard (see level.ts); false: never. */
  level?: (GainOptions & Pick<LevelOptions, 'sample'>) | false;
  diarizeOptions?: DiarizeOptions;
  /** Replace the speaker stage (default: diarize from diarize.ts). */
  diarizer?: Diarizer;
  /**
   * Pieces decoded ahead of recognition; default 16 (≤ 20 MB of audio). The decoding side is only a
   * little faster than the recogniser and runs in bursts (the segmentation model's windows, silence
   * that gives no piece): with 3 the recogniser waited for pieces 3.5-4.3 s per 10 minutes, with 16
   * 1.3-1.6 s (the first piece included; decision 027).
   */
  lookahead?: number;
  /**
   * Speaker tracks from the segmentation model (speech/segmentation.ts) for the speaker stage, in
   * place of change detection; on unless false. Silero still cuts the recogniser's pieces, so
   * recognition hears exactly what it does without the model; `pieces: 'segmentation'`: the model's
   * speech activity cuts them too, with an extra piece for overlapped speech (measured worse for
   * words; docs/decisions/017). false: Silero and change detection only.
   */
  speakerSegmentation?: (SegmentationOptions & { pieces?: 'silero' | 'segmentation' }) | boolean;
  /**
   * With Silero's pieces and the segmentation beside them: speech the model hears that no piece
   * holds is recognised as extra pieces (missed-speech.ts); false: not.
   */
  missedSpeech?: boolean;
  /**
   * Where the segmentation model hears two voices at once (overlap-speech.ts), the second voice gets
   * a segment of its own under its person (docs/decisions/024): by default marked unheard, not
   * recognised (recognised alone, the stretch gave the louder voice's words again);
   * `{ hear: true }`: recognised alone, keeping the words the ordinary segment lacks
   * (second-voices.ts). false: no second voices (on the model's pieces too).
   */
  overlapSpeech?: boolean | (OverlapOptions & SecondVoiceOptions & { hear?: boolean });
  /** Segment edges moved out to where the model stops hearing the segment's person (edges.ts); false: the pieces' edges. */
  voiceEdges?: boolean;
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) {
    const r: unknown = signal.reason;
    if (r instanceof Error) throw r;
    const e = new Error('The operation was aborted');
    e.name = 'AbortError';
    throw e;
  }
}

/** Bounded single-producer single-consumer queue. */
class Channel<T> {
  private items: T[] = [];
  private closed = false;
  private error: unknown;
  private waitingConsumer: (() => void) | undefined;
  private waitingProducer: (() => void) | undefined;
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** Waits while the queue is full; throws once the queue was closed (the consumer gave up). */
  async push(item: T): Promise<void> {
    while (this.items.length >= this.capacity && !this.closed) {
      await new Promise<void>((r) => (this.waitingProducer = r));
    }
    if (this.closed) throw new Error('queue closed');
    this.items.push(item);
    this.waitingConsumer?.();
    this.waitingConsumer = undefined;
  }

  close(error?: unknown): void {
    this.closed = true;
    this.error = error;
    this.waitingConsumer?.();
    this.waitingConsumer = undefined;
    this.waitingProducer?.();
    this.waitingProducer = undefined;
  }

  /** Next item, or undefined once closed and drained (rethrows the producer's error). */
  async pull(): Promise<T | undefined> {
    for (;;) {
      if (this.items.length) {
        const item = this.items.shift()!;
        this.waitingProducer?.();
        this.waitingProducer = undefined;
        return item;
      }
      if (this.closed) {
        if (this.error !== undefined) throw this.error;
        return undefined;
      }
      await new Promise<void>((r) => (this.waitingConsumer = r));
    }
  }
}

/**
 * Transcribe an audio or video file: returns the duration, the transcript segments with speaker
 * labels, and whether speaker detection worked. Rejects with AudioDecodeError for files that are
 * not decodable audio, with the signal's reason when aborted, and with the engine's error when
 * recognition fails. A failure of the speaker stage never loses the transcript: every segment is
 * then on 'Speaker 1' and `diarization` is 'failed'.
 */
export async function transcribeFile(path: string, options: TranscribeFileOptions): Promise<TranscriptionResult> {
  const { engine, signal, logger } = options;
  const t0 = performance.now();
  let lastProgress = -1;
  const progress = (f: number) => {
    const v = Math.min(1, Math.max(0, f));
    if (v >= 1 ? lastProgress < 1 : v - lastProgress >= 0.005) {
      lastProgress = v;
      options.onProgress?.(v);
    }
  };
  progress(0);
  throwIfAborted(signal);

  // A quick duration estimate from packet timestamps (no decoding) drives the progress figure; the
  // reported duration is measured from the decoded samples. Undecodable files fail in the decoder
  // on its first read, before any recognition.
  const estimating = estimateDurationSeconds(path, { signal });
  const header = await probeAudioHeader(path, { signal });
  // a stereo recording is decoded as two channels so the speaker stage can tell whether each party
  // has a side of their own (channels.ts); recognition hears the usual mono mix either way
  const balance = header.channels === 2 ? new ChannelBalance() : undefined;
  // The level, measured before speech detection starts (recognition waits for it): speech far below
  // ordinary levels is raised for the VAD. A long recording is heard in windows spread over it
  // (decision 027), placed by the header's duration while the estimate reads the file, else by the estimate.
  const [estimate, level] = await Promise.all([
    estimating,
    options.level === false
      ? undefined
      : (header.durationSeconds !== undefined ? Promise.resolve(header.durationSeconds) : estimating).then(
          (durationSeconds) => levelForVad(path, { signal, durationSeconds, ...options.level }),
        ),
  ]);
  throwIfAborted(signal);
  const vadGain = options.level === false ? 1 : vadGainFor(level, options.level);
  if (vadGain > 1) logger?.info({ path, level, vadGain }, 'quiet recording: speech detection hears it raised');
  throwIfAborted(signal);
  const tProbe = performance.now();
  const PROBE_SHARE = 0.01;
  const DIARIZE_SHARE = 0.02;
  const workShare = 1 - PROBE_SHARE - DIARIZE_SHARE;
  progress(PROBE_SHARE);
  let decodedSamples = 0;

  const segOptions =
    options.speakerSegmentation === false
      ? undefined
      : options.speakerSegmentation === true || options.speakerSegmentation === undefined
        ? {}
        : options.speakerSegmentation;
  const overlaps =
    options.overlapSpeech === false ? undefined : options.overlapSpeech === true ? {} : (options.overlapSpeech ?? {});
  const seg = segOptions ? await SpeakerSegmentation.load({ gain: vadGain, ...segOptions }) : undefined;
  // the model cuts the pieces only when asked; otherwise it hears the audio beside Silero, for speakers only
  const segPieces = seg && segOptions?.pieces === 'segmentation' ? seg : undefined;
  const vad = segPieces ? undefined : await SileroVad.load();
  const features = new SpeakerFeatures();
  const queue = new Channel<SpeechPiece | UnheardPiece>(options.lookahead ?? 16);
  let recognitionWaited = 0;
  let vadSeconds = 0; // audio the VAD has seen
  let doneUpTo = 0; // audio fully transcribed (all pieces before it are done)
  let pending = 0;
  const report = () => {
    const pos = pending === 0 ? vadSeconds : doneUpTo;
    // without an estimate, approach 1 asymptotically (half-way at 10 minutes of audio)
    const f = estimate ? Math.min(1, pos / Math.max(estimate, 1e-6)) : pos / (pos + 600);
    progress(PROBE_SHARE + workShare * Math.min(0.999, f));
  };

  const producer = (async () => {
    try {
      const decoded = balance
        ? monoMeasuringSides(decodePcmStream(path, { signal, channels: 2 }), balance)
        : decodePcmStream(path, { signal });
      const counted = countSamples(decoded, (n) => {
        decodedSamples += n;
      });
      const pcm = seg && !segPieces ? seg.hearing(counted) : counted;
      for await (const piece of speechPieces(pcm, {
        ...(segPieces ? { threshold: SEGMENTATION_THRESHOLD, negThreshold: SEGMENTATION_THRESHOLD } : {}),
        ...options.segmentation,
        vad,
        segmentation: segPieces,
        besides: seg && !segPieces && (options.missedSpeech !== false || overlaps) ? seg : undefined,
        ...(options.missedSpeech === false && { missedSpeech: false }),
        overlapSpeech: overlaps && {
          ...overlaps,
          // pieces that are not recognised cost nothing: the budget bounds recognition only
          ...(!overlaps.hear && { budgetPerMinute: Number.POSITIVE_INFINITY }),
        },
        vadGain,
        ...(balance ? { sideOf: (frame: number) => balance.sideOfFrame(frame) } : {}),
        signal,
        onFrames: (frames) => {
          vadSeconds = (frames * 512) / 16000;
          report();
        },
      })) {
        // the speaker features describe one voice at a time: second voices' pieces are not measured
        // (and carry only their times unless heard again); speech only the segmentation model heard
        // is labelled by its neighbours
        if (!piece.overlap && !piece.missed) features.addPiece(piece);
        pending++;
        await queue.push(piece);
      }
      queue.close();
    } catch (e) {
      queue.close(e);
    }
  })();

  const segments: Array<{ text: string; start: number; end: number; overlap?: boolean }> = [];
  const cutting = resolveSegmenter(options.segmentation ?? {});
  const spanOptions = {
    threshold: segPieces ? SEGMENTATION_THRESHOLD : cutting.threshold,
    negThreshold: segPieces ? SEGMENTATION_THRESHOLD : cutting.negThreshold,
    gapSeconds: SPAN_GAP_SECONDS,
    padSeconds: cutting.padSamples / 16000,
  };
  try {
    for (;;) {
      const asked = performance.now();
      const piece = await queue.pull();
      recognitionWaited += performance.now() - asked;
      if (!piece) break;
      throwIfAborted(signal);
      if (piece.unheard) {
        // the second voice's time under its person; its words are not recognised (decision 024)
        if (overlaps) segments.push({ text: UNHEARD_SEGMENT_TEXT, start: piece.start, end: piece.end, overlap: true });
      } else if (hasSegments(engine)) {
        const parts = await engine.transcribeSegments(piece.samples, { signal });
        for (const p of parts) {
          const text = p.text.trim();
          if (!text) continue;
          const start = Math.min(piece.end, piece.start + Math.max(0, p.start));
          const end = Math.min(piece.end, Math.max(start, piece.start + p.end));
          segments.push({ text, start, end: end > start ? end : piece.end, ...(piece.overlap && { overlap: true }) });
        }
      } else {
        const found = piece.missed ? [] : speechSpans(piece, spanOptions);
        // the recogniser hears the sides with the padding between them, not the whole silence: the same
        // context for a fraction of the audio (recognition is the hour's critical path, decision 019)
        const heard = found.length > 1 ? joinSamples(found.map((s) => spanSamples(piece, s))) : piece.samples;
        let text = (await engine.transcribe(heard, { signal })).trim();
        if (found.length > 1 && text.split(/\s+/).filter(Boolean).length < found.length) {
          // a piece joined across a long silence that gave less than a word a side: Moonshine
          // sometimes gives nothing for two unrelated stretches; each side is heard alone, as before the join
          const sides: string[] = [];
          for (const s of found) sides.push((await engine.transcribe(spanSamples(piece, s), { signal })).trim());
          text = sides.filter(Boolean).join(' ');
        }
        // a piece that joined speech across a long silence gives one segment per side of it (a piece
        // only the segmentation model heard is one stretch: Silero's frames say nothing of it)
        const spans = (found.length ? found : [piece]).map((s, i) => ({
          start: s.start,
          end: s.end,
          speaker: String(i),
        }));
        for (const part of text ? splitText(text, spans) : [])
          segments.push({ text: part.text, start: part.start, end: part.end, ...(piece.overlap && { overlap: true }) });
      }
      pending--;
      doneUpTo = piece.end;
      report();
    }
  } finally {
    // make sure the producer stops (it does on abort/error via the signal or a closed queue)
    queue.close();
    await producer;
  }
  throwIfAborted(signal);
  const durationSeconds = decodedSamples / 16000;
  if (decodedSamples === 0) throw new AudioDecodeError('empty', 'The file contains no audio samples.');
  const tAsr = performance.now();
  progress(1 - DIARIZE_SHARE);

  segments.sort((a, b) => a.start - b.start);
  if (overlaps) keepSecondVoiceWords(segments, overlaps);
  else for (let i = segments.length - 1; i >= 0; i--) if (segments[i]!.overlap) segments.splice(i, 1);
  if (balance) for (const b of features.blocks) b.channelBalanceDb = balance.balanceDb(b.start, b.end);
  // without speakers there is no second voice to show: overlap segments are left out
  let parts: SegmentPart[][] = segments.map((s) =>
    s.overlap ? [] : [{ start: s.start, end: s.end, speaker: 'Speaker 1' }],
  );
  let diarization: 'ok' | 'failed' = 'ok';
  let diarizationError: string | undefined;
  const tracks = seg ? await seg.finish() : undefined;
  let speakerOfTrack: Map<number, string> | undefined;
  try {
    const diarizer = options.diarizer ?? diarize;
    const r = diarizer(features.blocks, segments, options.diarizeOptions, tracks);
    if (r.parts.length !== segments.length)
      throw new Error(`diarizer returned ${r.parts.length} results for ${segments.length} segments`);
    parts = r.parts;
    speakerOfTrack = r.speakerOfTrack;
  } catch (e) {
    diarization = 'failed';
    diarizationError = e instanceof Error ? e.message : String(e);
    logger?.warn({ err: e, path }, 'speaker detection failed; keeping the transcript on one speaker');
  }
  const labelled = labelSegments(segments, parts, options.voiceEdges === false ? undefined : tracks, speakerOfTrack);
  const speakerCount = new Set(labelled.map((s) => s.speaker)).size;
  // a second voice's segment lies inside another's speech: the blocks there describe the other voice
  const measured = labelled.flatMap((s, i) => (s.overlap ? [] : [i]));
  const measuredVoices = segmentVoices(
    features.blocks,
    measured.map((i) => ({ startTime: labelled[i]!.start, endTime: labelled[i]!.end })),
  );
  const voices = new Map(measured.map((i, k) => [i, measuredVoices[k]]));
  const tEnd = performance.now();
  const result: TranscriptionResult = {
    durationSeconds,
    segments: labelled.map((s, i) => {
      const voice = voices.get(i);
      return {
        speaker: s.speaker,
        text: s.text,
        startTime: round3(s.start),
        endTime: round3(s.end),
        ...(voice ? { voice: encodeVoice(voice) } : {}),
      };
    }),
    diarization,
    ...(diarizationError !== undefined ? { diarizationError } : {}),
    speakerCount,
    engine: engine.name,
    timings: {
      total: (tEnd - t0) / 1000,
      probe: (tProbe - t0) / 1000,
      transcribe: (tAsr - tProbe) / 1000,
      diarize: (tEnd - tAsr) / 1000,
      recognitionWaited: recognitionWaited / 1000,
    },
  };
  logger?.info(
    {
      path,
      durationSeconds,
      segments: result.segments.length,
      speakerCount,
      diarization,
      engine: engine.name,
      seconds: result.timings.total,
    },
    'transcription finished',
  );
  progress(1);
  return result;
}

function joinSamples(parts: Float32Array[]): Float32Array {
  const joined = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    joined.set(p, at);
    at += p.length;
  }
  return joined;
}

/** The audio of one span of a piece. */
function spanSamples(piece: SpeechPiece, span: { start: number; end: number }): Float32Array {
  return piece.samples.slice(
    Math.max(0, Math.round((span.start - piece.start) * 16000)),
    Math.min(piece.samples.length, Math.round((span.end - piece.start) * 16000)),
  );
}

async function* countSamples(
  source: AsyncIterable<Float32Array>,
  add: (n: number) => void,
): AsyncGenerator<Float32Array> {
  for await (const chunk of source) {
    add(chunk.length);
    yield chunk;
  }
}

/**
 * The recognised segments under their speakers: each cut at its speaker changes (splitText), then,
 * with the segmentation's tracks and their people, edges moved out to where the model stops hearing
 * the segment's person (edges.ts); second voices that are the person speaking there anyway are
 * dropped (second-voices.ts). Ordered by start.
 */
export function labelSegments(
  segments: Array<{ text: string; overlap?: boolean }>,
  parts: SegmentPart[][],
  tracks?: SpeakerTracks,
  speakerOfTrack?: ReadonlyMap<number, string>,
): Array<SegmentPart & { text: string; overlap?: boolean }> {
  const labelled = segments.flatMap((s, i) => {
    // a second voice the speaker stage found over the segment takes none of its words (diarize.ts)
    const own = parts[i]!.filter((p) => !p.overlap);
    const over = parts[i]!.filter((p) => p.overlap).map((p) => ({ ...p, text: UNHEARD_SEGMENT_TEXT, overlap: true }));
    const split = own.length ? splitText(s.text, own) : [];
    return [...split.map((p) => (s.overlap ? { ...p, overlap: true } : p)), ...over];
  });
  if (tracks && speakerOfTrack) followVoiceEdges(labelled, tracks, speakerOfTrack);
  labelled.sort((a, b) => a.start - b.start);
  keepDistinctSecondVoices(labelled);
  return labelled;
}

/**
 * One transcript segment per speaker part. Moonshine gives no word times, so the words are shared
 * out in proportion to each part's duration (speech rate is roughly even within a piece); a part
 * that gets no word joins its neighbour.
 */
export function splitText(text: string, parts: SegmentPart[]): Array<SegmentPart & { text: string }> {
  if (parts.length === 1) return [{ ...parts[0]!, text }];
  const words = text.split(/\s+/).filter(Boolean);
  const total = parts.reduce((a, p) => a + (p.end - p.start), 0) || 1;
  const out: Array<SegmentPart & { text: string }> = [];
  let used = 0;
  let elapsed = 0;
  for (const p of parts) {
    elapsed += p.end - p.start;
    const upTo = Math.round((elapsed / total) * words.length);
    const mine = words.slice(used, upTo);
    used = Math.max(used, upTo);
    const prev = out[out.length - 1];
    if (mine.length === 0) {
      if (prev) prev.end = p.end;
      continue;
    }
    if (prev && prev.speaker === p.speaker) {
      prev.text += ` ${mine.join(' ')}`;
      prev.end = p.end;
    } else out.push({ ...p, text: mine.join(' ') });
  }
  if (out.length && out[0]!.start > parts[0]!.start) out[0]!.start = parts[0]!.start;
  return out;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
