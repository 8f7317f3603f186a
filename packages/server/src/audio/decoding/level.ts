/**
 * Recording level, measured before speech detection. Silero VAD misses speech recorded far below
 * ordinary levels (a distant microphone, a soft voice): real speech 40 dB down loses half its words,
 * 50 dB down all of them. The level of a recording is a high percentile of its short-time energy (the
 * loud end of its speech, robust to a few clicks); a recording whose level is below the target is
 * raised to it for the VAD only. See docs/decisions/013; a long recording is heard in windows spread
 * over it (docs/decisions/027).
 */
import { type DecodeInput, decodePcmInt16, FfmpegNotFoundError } from './ffmpeg.ts';
import { LEVEL_SAMPLE, type LevelSample, levelWindows, sampleBytes } from './level-sample.ts';

/** 32 ms frames at 8 kHz: energy below 4 kHz is enough to judge the level of speech. */
const RATE = 8000;
const FRAME = 256;
const MIN_DB = -120;
const BIN_DB = 0.5;
const TARGET_DB = -35;

/** Streaming histogram of frame energies (dBFS) in 0.5 dB bins: constant memory for any length. */
export class LevelMeter {
  private readonly bins = new Float64Array(Math.ceil(-MIN_DB / BIN_DB) + 1);
  private frames = 0;
  private sum = 0;
  private fill = 0;

  /** Add samples in [-1, 1) (any chunking). */
  push(samples: ArrayLike<number>, scale = 1): void {
    for (let i = 0; i < samples.length; i++) {
      const v = samples[i]! * scale;
      this.sum += v * v;
      if (++this.fill === FRAME) {
        const db = 10 * Math.log10(this.sum / FRAME + 1e-12);
        const bin = Math.max(0, Math.min(this.bins.length - 1, Math.round((db - MIN_DB) / BIN_DB)));
        this.bins[bin]!++;
        this.frames++;
        this.sum = 0;
        this.fill = 0;
      }
    }
  }

  /** Energy (dBFS) that a fraction `q` of the frames stay below; undefined before any full frame. */
  percentile(q: number): number | undefined {
    if (this.frames === 0) return undefined;
    const want = q * this.frames;
    let seen = 0;
    for (let b = 0; b < this.bins.length; b++) {
      seen += this.bins[b]!;
      if (seen >= want) return MIN_DB + b * BIN_DB;
    }
    return 0;
  }
}

export interface RecordingLevel {
  /** Loud end of the speech: the 99th percentile of 32 ms frame energies, dBFS. */
  speechDb: number;
  /** Background: the 10th percentile, dBFS. */
  floorDb: number;
}

export interface GainOptions {
  /**
   * Level (dBFS) the loud end of the speech is raised to; default -35, just below the quietest normal
   * recording of the tuning meetings (about -33), so ordinary recordings are left exactly as they are.
   */
  targetDb?: number;
  /** The background is never raised above this (dBFS); default -50, so steady hiss does not become "speech". */
  maxFloorDb?: number;
  /** Largest gain; default 32 (30 dB). */
  maxGain?: number;
}

/** Gain for the VAD's input: raises quiet recordings to the target level; never below 1 (loud recordings stay as they are). */
export function vadGainFor(level: RecordingLevel | undefined, options: GainOptions = {}): number {
  if (!level || level.speechDb <= MIN_DB) return 1;
  const toTarget = (options.targetDb ?? TARGET_DB) - level.speechDb;
  const floorRoom = (options.maxFloorDb ?? -50) - level.floorDb;
  const db = Math.min(toTarget, floorRoom);
  return Math.min(options.maxGain ?? 32, Math.max(1, 10 ** (db / 20)));
}

/** A recording at least this many times longer than the sample is sampled; a shorter one is heard whole. */
const SAMPLE_FROM = 4;
/**
 * A sample trusted alone must put the recording this far above the target. A sample's 99th percentile
 * lands within about 1 dB of the whole recording's with the default sample, but a few loud moments
 * falling into few windows can lift it several dB: a recording near or below the target is heard
 * whole, so the gain of a quiet recording is exactly what it was, and a sample that overstates the
 * level by more than this margin costs the VAD only what it overstates beyond the margin.
 */
const SAMPLE_MARGIN_DB = 4;

export type MeasuredLevel = RecordingLevel & {
  /** Seconds of audio the level was measured on. */
  heardSeconds: number;
  /** Measured on windows spread over the recording, not on all of it. */
  sampled: boolean;
};

export interface LevelOptions {
  signal?: AbortSignal;
  /** The recording's duration (an estimate is enough); unknown: it is decoded whole. */
  durationSeconds?: number;
  /** Where a long recording is heard (level-sample.ts); false: always whole. */
  sample?: LevelSample | false;
}

/**
 * The level the VAD's gain is decided on (vadGainFor). A long recording is heard first in windows
 * spread over it (about a second for an hour, where decoding it all takes 8-9 s before recognition can
 * start); when they put it clearly above the target (an ordinary recording: no gain) that is the
 * answer, otherwise it is decoded whole, as a short recording always is. docs/decisions/027.
 */
export async function levelForVad(
  path: string,
  options: LevelOptions & Pick<GainOptions, 'targetDb'> = {},
): Promise<MeasuredLevel | undefined> {
  const level = await measureLevel(path, options);
  if (!level?.sampled || level.speechDb >= (options.targetDb ?? TARGET_DB) + SAMPLE_MARGIN_DB) return level;
  return measureLevel(path, { signal: options.signal, sample: false });
}

/**
 * The recording's level: heard in windows spread over it when it is long (duration known, at least
 * four times the sample; level-sample.ts), else, or when the windows cannot be read, decoded whole
 * (8 kHz, streamed, constant memory). Undefined for a file shorter than one frame. Rejects like the
 * decoder (AudioDecodeError) for files that are not audio.
 */
export async function measureLevel(path: string, options: LevelOptions = {}): Promise<MeasuredLevel | undefined> {
  const { signal, durationSeconds } = options;
  const sample = { ...LEVEL_SAMPLE, ...(options.sample || {}) };
  const sampleSeconds = sample.windows * sample.windowSeconds;
  if (options.sample !== false && durationSeconds !== undefined && durationSeconds >= SAMPLE_FROM * sampleSeconds) {
    const heard = await sampledInput(path, durationSeconds, sample)
      .then((input) => listen(path, signal, input))
      .catch((e: unknown) => {
        // a file whose windows cannot be read is heard whole below, and what is wrong with a file that
        // is not audio (or not there) is said by that whole decode
        if (signal?.aborted || e instanceof FfmpegNotFoundError) throw e;
        return undefined;
      });
    // windows that gave much less audio than asked (seeking that failed quietly): heard whole
    if (heard && heard.heardSeconds >= sampleSeconds / 2) return heard;
  }
  return listen(path, signal);
}

/** ffmpeg's input for the sample: windows cut from the bytes (WebM without an index, MP3), else windows ffmpeg seeks to. */
export async function sampledInput(
  path: string,
  durationSeconds: number,
  sample: Required<LevelSample>,
): Promise<DecodeInput> {
  return (await sampleBytes(path, durationSeconds, sample)) ?? { windows: levelWindows(durationSeconds, sample) };
}

/**
 * Windows ffmpeg seeks to, per ffmpeg process: each is an input of its own, and an input holds the
 * container's whole index (an hour of M4A: 100 inputs took 254 MB in one process, 50 about half).
 */
const WINDOWS_PER_PROCESS = 50;

/** The input split into what each ffmpeg process reads (WINDOWS_PER_PROCESS windows at most). */
export function perProcess(input?: DecodeInput): Array<DecodeInput | undefined> {
  return input && 'windows' in input
    ? Array.from({ length: Math.ceil(input.windows.length / WINDOWS_PER_PROCESS) }, (_, i) => ({
        windows: input.windows.slice(i * WINDOWS_PER_PROCESS, (i + 1) * WINDOWS_PER_PROCESS),
      }))
    : [input];
}

async function listen(
  path: string,
  signal: AbortSignal | undefined,
  input?: DecodeInput,
): Promise<MeasuredLevel | undefined> {
  const meter = new LevelMeter();
  let samples = 0;
  for (const part of perProcess(input)) {
    for await (const chunk of decodePcmInt16(path, { signal, sampleRate: RATE, chunkSamples: 32000, input: part })) {
      meter.push(chunk, 1 / 32768);
      samples += chunk.length;
    }
  }
  const speechDb = meter.percentile(0.99);
  const floorDb = meter.percentile(0.1);
  return speechDb === undefined || floorDb === undefined
    ? undefined
    : { speechDb, floorDb, heardSeconds: samples / RATE, sampled: input !== undefined };
}
