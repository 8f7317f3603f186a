/**
 * Whether a two-channel file is a call (one party per side: a call recorder, a stereo pair of lapel
 * microphones, a call recorded in Parley) or ordinary stereo (the same room on both sides), decided
 * before speech detection so that a call is heard side by side (decisions 241, 270). Judged on
 * half-second blocks of the level stage's windows (a long file) or of the whole file, a block being
 * speech when its louder side is within 30 dB of the recording's loud end:
 * - decision 016's rule (channelSides: at least 80% of the speech clearly on one side, 10 dB or more,
 *   each side holding some of it), or
 * - each side holds speech of its own (20 ms frames where it is 10 dB over the other: the other
 *   party's pauses between words are enough), and where both sides are loud at once they are two
 *   sources, not one sound heard twice: their syllables do not rise and fall together and their
 *   samples are no copy of each other at any delay of a spaced pair of microphones (decision 270).
 */
import { channelSides } from './channels.ts';
import { decodePcmInt16 } from './ffmpeg.ts';
import { perProcess, sampledInput } from './level.ts';
import { LEVEL_SAMPLE } from './level-sample.ts';

const RATE = 8000;
const BLOCK = RATE / 2;
/** Below the loud end of the recording by more than this, a block is not judged (silence, breath, hiss). */
const SPEECH_RANGE_DB = 30;
/** A block is clearly one side's when that side is this much louder (decision 016). */
const SIDE_DB = 10;
/** Files shorter than this many seconds are heard whole; longer ones in the level stage's windows. */
const SAMPLE_FROM = 4 * LEVEL_SAMPLE.windows * LEVEL_SAMPLE.windowSeconds;

/**
 * Where both sides are loud, one sound heard twice (a room, a stereo microphone) when the two sides'
 * 20 ms levels rise and fall together at least this much (correlation within each block, pooled)...
 */
const ALIKE_ENVELOPE = 0.85;
/** ... or when the median block's samples are at least this alike at some delay up to MAX_LAG (a copy). */
const ALIKE_SAMPLES = 0.5;
/**
 * Where the other side is clearly louder, this side holds a copy of it when their samples, pooled,
 * correlate this much: the copy is then at least 1% of this side's energy there (20 dB under it). Two
 * independent parties correlate about a hundred times less (0.003 in the held-out calls bench).
 */
const COPY_CORRELATION = 0.1;
/** Each side of a call holds at least this many 20 ms frames clearly its own (~0.1 s). */
const OWN_FRAMES = 6;

const db = (e: number) => 10 * Math.log10(e + 1e-12);

export type ChannelLayout = 'mix' | 'sides';

export interface ChannelJudgement {
  layout: ChannelLayout;
  /**
   * Per side (0 left, 1 right), how much of the other side it holds (energy ratio) where only the other
   * side speaks: the far side heard again by this side's microphone; 0 when none is measured.
   */
  bleed: [number, number];
  /**
   * Per side, the gain of the other side's samples found in it (least squares over the judged blocks):
   * a copy of the far side (a microphone beside the loudspeaker, a recorder's sidetone) that sides.ts
   * takes out; `bleed` is then what is left of it. Near 0 where the sides are independent.
   */
  copy: [number, number];
}

interface Block {
  /** Mean square of each side. */
  l: number;
  r: number;
  /** Of the two sides' samples. */
  correlation: number;
  /** The largest correlation of the two sides' samples over delays up to MAX_LAG (a spaced pair of microphones). */
  lagged: number;
  /** Each side's level per 20 ms (dB): the syllables' rise and fall. */
  subL: Float32Array;
  subR: Float32Array;
}

/** 20 ms at 8 kHz. */
const SUB = 160;
/** 3 ms at 8 kHz: two microphones a metre apart. */
const MAX_LAG = 24;

function closeBlock(bl: Float32Array, br: Float32Array): Block {
  let l = 0;
  let r = 0;
  for (let i = 0; i < BLOCK; i++) {
    l += bl[i]! * bl[i]!;
    r += br[i]! * br[i]!;
  }
  const at = (lag: number) => {
    let s = 0;
    for (let i = Math.max(0, -lag); i < BLOCK - Math.max(0, lag); i++) s += bl[i]! * br[i + lag]!;
    return l > 0 && r > 0 ? s / Math.sqrt(l * r) : 0;
  };
  const correlation = at(0);
  let lagged = Math.abs(correlation);
  // only where the sides are near each other's level: elsewhere the block is clearly one side's anyway
  if (Math.abs(db(l) - db(r)) < SIDE_DB)
    for (let lag = -MAX_LAG; lag <= MAX_LAG; lag++) lagged = Math.max(lagged, Math.abs(at(lag)));
  const sub = (x: Float32Array) => {
    const e = new Float32Array(BLOCK / SUB);
    for (let k = 0; k < e.length; k++) {
      let s = 0;
      for (let i = k * SUB; i < (k + 1) * SUB; i++) s += x[i]! * x[i]!;
      e[k] = db(s / SUB);
    }
    return e;
  };
  return { l: l / BLOCK, r: r / BLOCK, correlation, lagged, subL: sub(bl), subR: sub(br) };
}

/** Each half-second block's left and right energy (mean square) and how alike the two sides are. */
async function blockEnergies(path: string, durationSeconds: number | undefined, signal?: AbortSignal) {
  const input =
    durationSeconds !== undefined && durationSeconds >= SAMPLE_FROM
      ? await sampledInput(path, durationSeconds, { ...LEVEL_SAMPLE })
      : undefined;
  const blocks: Block[] = [];
  const bl = new Float32Array(BLOCK);
  const br = new Float32Array(BLOCK);
  for (const part of perProcess(input)) {
    let fill = 0;
    for await (const chunk of decodePcmInt16(path, { signal, sampleRate: RATE, channels: 2, input: part })) {
      for (let i = 0; i + 1 < chunk.length; i += 2) {
        bl[fill] = chunk[i]! / 32768;
        br[fill] = chunk[i + 1]! / 32768;
        if (++fill === BLOCK) {
          blocks.push(closeBlock(bl, br));
          fill = 0;
        }
      }
    }
  }
  return blocks;
}

/**
 * 'sides' when the two channels hold different parties: decision 016's rule (most speech clearly on one
 * side, each side holding some), or each side holding some speech of its own and the speech on both at
 * once being two sources (both parties talking at once), else 'mix'.
 */
export async function channelLayout(
  path: string,
  durationSeconds: number | undefined,
  signal?: AbortSignal,
): Promise<ChannelJudgement> {
  const blocks = await blockEnergies(path, durationSeconds, signal);
  const loudEnd = loudEndOf(blocks);
  const speech = speechOf(blocks);
  if (loudEnd === undefined || speech.length === 0) return { layout: 'mix', bleed: [0, 0], copy: [0, 0] };
  const copy: [number, number] = [copyGain(speech, 'l'), copyGain(speech, 'r')];
  const [left, right] = [withoutCopy(speech, 'l', copy[0]), withoutCopy(speech, 'r', copy[1])];
  return { layout: layoutOf(speech, loudEnd), bleed: [bleedOf(left, 'l', 'r'), bleedOf(right, 'r', 'l')], copy };
}

/**
 * The least-squares gain of the other side's samples in `side` (Σ side·other / Σ other², a block's
 * Σ side·other being its correlation times √(Σ side² · Σ other²)), over the blocks where the other
 * side is clearly louder (as bleedOf): there a copy of it stands out, this side's own words are
 * unrelated to its samples, and the other side's copy of this one (two lapel microphones) is faint.
 * None (0) with fewer than 4 such blocks, where this side does not move with the other over them
 * (pooled sample correlation under COPY_CORRELATION: two independent parties), or where the gain would
 * make the copy louder than its source.
 */
function copyGain(blocks: Block[], side: 'l' | 'r'): number {
  let cross = 0;
  let other = 0;
  let mine = 0;
  let counted = 0;
  for (const b of blocks) {
    const [own, them] = side === 'l' ? [b.l, b.r] : [b.r, b.l];
    if (them === 0 || db(them) - db(own) < SIDE_DB) continue;
    cross += b.correlation * Math.sqrt(b.l * b.r);
    other += them;
    mine += own;
    counted++;
  }
  if (counted < 4 || other === 0 || mine === 0) return 0;
  // a copy moves with its source: two independent parties do not
  if (Math.abs(cross) / Math.sqrt(other * mine) < COPY_CORRELATION) return 0;
  const gain = cross / other;
  return Math.abs(gain) < 1 ? gain : 0;
}

/** The blocks with `side` less `gain` times the other side's samples: its energy and correlation after. */
function withoutCopy(blocks: Block[], side: 'l' | 'r', gain: number): Block[] {
  if (gain === 0) return blocks;
  return blocks.map((b) => {
    const [own, other] = side === 'l' ? [b.l, b.r] : [b.r, b.l];
    const cross = b.correlation * Math.sqrt(b.l * b.r);
    const left = Math.max(0, own - 2 * gain * cross + gain * gain * other);
    const correlation = left > 0 && other > 0 ? (cross - gain * other) / Math.sqrt(left * other) : 0;
    return { ...b, [side]: left, correlation };
  });
}

/**
 * Each side's bleed of the other (ChannelJudgement.bleed) measured on interleaved stereo already
 * decoded at `rate`: the live pass of a call measures it on the audio it hears (decision 250). Each
 * run of samples is averaged down to the judging rate.
 */
export function bleedOfStereo(stereo: Float32Array, rate: number): [number, number] {
  const step = Math.max(1, Math.round(rate / RATE));
  const blocks: Block[] = [];
  const bl = new Float32Array(BLOCK);
  const br = new Float32Array(BLOCK);
  let fill = 0;
  for (let i = 0; i + 2 * step <= stereo.length; i += 2 * step) {
    let l = 0;
    let r = 0;
    for (let k = 0; k < step; k++) {
      l += stereo[i + 2 * k]!;
      r += stereo[i + 2 * k + 1]!;
    }
    bl[fill] = l / step;
    br[fill] = r / step;
    if (++fill === BLOCK) {
      blocks.push(closeBlock(bl, br));
      fill = 0;
    }
  }
  const speech = speechOf(blocks);
  return [bleedOf(speech, 'l', 'r'), bleedOf(speech, 'r', 'l')];
}

/** The blocks whose louder side is within SPEECH_RANGE_DB of the recording's loud end. */
function speechOf(blocks: Block[]): Block[] {
  const loudEnd = loudEndOf(blocks);
  return loudEnd === undefined ? [] : blocks.filter((b) => db(Math.max(b.l, b.r)) >= loudEnd - SPEECH_RANGE_DB);
}

function loudEndOf(blocks: Block[]): number | undefined {
  const louder = blocks.map((b) => db(Math.max(b.l, b.r))).sort((a, b) => a - b);
  return louder.length === 0 ? undefined : louder[Math.floor(0.99 * (louder.length - 1))]!;
}

/** Of the 20 ms frames whose louder side is within SPEECH_RANGE_DB of the loud end, how many are clearly each side's. */
function ownFrames(speech: Block[], loudEnd: number): [number, number] {
  const own: [number, number] = [0, 0];
  for (const b of speech)
    for (let k = 0; k < b.subL.length; k++) {
      const [l, r] = [b.subL[k]!, b.subR[k]!];
      if (Math.max(l, r) < loudEnd - SPEECH_RANGE_DB) continue;
      if (l - r >= SIDE_DB) own[0]++;
      else if (r - l >= SIDE_DB) own[1]++;
    }
  return own;
}

/** What the judgement rests on (the layout bench prints it). */
export async function layoutEvidence(path: string, durationSeconds: number | undefined) {
  const blocks = await blockEnergies(path, durationSeconds);
  const speech = speechOf(blocks);
  const both = loudOnBoth(speech);
  const r2 = (x: number) => Math.round(100 * x) / 100;
  return {
    speechBlocks: speech.length,
    bothBlocks: both.length,
    ownFrames: ownFrames(speech, loudEndOf(blocks) ?? 0),
    lagged: r2(median(both.map((b) => b.lagged)) ?? -1),
    envelope: r2(envelopeCorrelation(both)),
  };
}

function loudOnBoth(speech: Block[]): Block[] {
  return speech.filter((b) => Math.abs(db(b.l) - db(b.r)) < SIDE_DB);
}

function median(x: number[]): number | undefined {
  return x.length ? [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)]! : undefined;
}

/** The correlation of the two sides' 20 ms levels, each less its block's mean, pooled over `blocks`. */
function envelopeCorrelation(blocks: Block[]): number {
  let lr = 0;
  let ll = 0;
  let rr = 0;
  const mean = (x: Float32Array) => x.reduce((a, v) => a + v, 0) / x.length;
  for (const b of blocks) {
    const [ml, mr] = [mean(b.subL), mean(b.subR)];
    for (let k = 0; k < b.subL.length; k++) {
      const [dl, dr] = [b.subL[k]! - ml, b.subR[k]! - mr];
      lr += dl * dr;
      ll += dl * dl;
      rr += dr * dr;
    }
  }
  return ll > 0 && rr > 0 ? lr / Math.sqrt(ll * rr) : 0;
}

/** A low quartile of `side`'s share of `other`'s energy where `other` is clearly louder and `side` a copy of it (needs 4 such blocks). */
function bleedOf(speech: Block[], side: 'l' | 'r', other: 'l' | 'r'): number {
  const ratios = speech
    // a copy of the other side moves with it (the far side's own speech on this side does not)
    .filter((b) => b[other] > 0 && db(b[other]) - db(b[side]) >= SIDE_DB && Math.abs(b.correlation) >= 0.5)
    .map((b) => b[side] / b[other])
    .sort((a, b) => a - b);
  return ratios.length < 4 ? 0 : ratios[Math.floor(ratios.length / 4)]!;
}

function layoutOf(speech: Block[], loudEnd: number): ChannelLayout {
  if (channelSides(speech.map((b) => db(b.l) - db(b.r)))) return 'sides';
  const own = ownFrames(speech, loudEnd);
  if (own[0] < OWN_FRAMES || own[1] < OWN_FRAMES) return 'mix';
  const both = loudOnBoth(speech);
  if (both.length === 0) return 'sides';
  const alike = envelopeCorrelation(both) >= ALIKE_ENVELOPE || median(both.map((b) => b.lagged))! >= ALIKE_SAMPLES;
  return alike ? 'mix' : 'sides';
}
