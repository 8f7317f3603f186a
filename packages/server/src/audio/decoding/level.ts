/**
 * Recording level, measured before speech detection. Silero VAD misses speech recorded far below
 * ordinary levels (a distant microphone, a soft voice): real speech 40 dB down loses half its words,
 * 50 dB down all of them. The level of a recording is a high percentile of its short-time energy (the
 * loud end of its speech, robust to a few clicks); a recording whose level is below the target is
 * raised to it for the VAD only. See docs/decisions/013.
 */
import { decodePcmInt16 } from './ffmpeg.ts';

/** 32 ms frames at 8 kHz: energy below 4 kHz is enough to judge the level of speech. */
const RATE = 8000;
const FRAME = 256;
const MIN_DB = -120;
const BIN_DB = 0.5;

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
  const toTarget = (options.targetDb ?? -35) - level.speechDb;
  const floorRoom = (options.maxFloorDb ?? -50) - level.floorDb;
  const db = Math.min(toTarget, floorRoom);
  return Math.min(options.maxGain ?? 32, Math.max(1, 10 ** (db / 20)));
}

/**
 * Decode the file once (8 kHz, streamed, constant memory) and return its level. Undefined for a
 * file shorter than one frame. Rejects like the decoder (AudioDecodeError) for files that are not audio.
 */
export async function measureLevel(
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<RecordingLevel | undefined> {
  const meter = new LevelMeter();
  for await (const chunk of decodePcmInt16(path, { signal: options.signal, sampleRate: RATE, chunkSamples: 32000 })) {
    meter.push(chunk, 1 / 32768);
  }
  const speechDb = meter.percentile(0.99);
  const floorDb = meter.percentile(0.1);
  return speechDb === undefined || floorDb === undefined ? undefined : { speechDb, floorDb };
}
