/**
 * Whether a two-channel file is a call (one party per side: a call recorder, a stereo pair of lapel
 * microphones, a call recorded in Parley) or ordinary stereo (the same room on both sides), decided
 * before speech detection so that a call is heard side by side (decision 241). The rule is decision
 * 016's (channelSides: at least 80% of the speech clearly on one side, 10 dB or more, and each side
 * holding some of it), judged on half-second blocks of the level stage's windows (a long file) or of
 * the whole file, where a block is speech when its louder side is within 30 dB of the recording's
 * loud end.
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
 * Where neither side is clearly louder, the two sides are still two parties when their samples are this
 * little alike (correlation): both talking at once on a call, not one room heard twice.
 */
const APART_CORRELATION = 0.3;

export type ChannelLayout = 'mix' | 'sides';

export interface ChannelJudgement {
  layout: ChannelLayout;
  /**
   * Per side (0 left, 1 right), how much of the other side it holds (energy ratio) where only the other
   * side speaks: the far side heard again by this side's microphone; 0 when none is measured.
   */
  bleed: [number, number];
}

interface Block {
  /** Mean square of each side. */
  l: number;
  r: number;
  /** Of the two sides' samples. */
  correlation: number;
}

/** Each half-second block's left and right energy (mean square). */
async function blockEnergies(path: string, durationSeconds: number | undefined, signal?: AbortSignal) {
  const input =
    durationSeconds !== undefined && durationSeconds >= SAMPLE_FROM
      ? await sampledInput(path, durationSeconds, { ...LEVEL_SAMPLE })
      : undefined;
  const blocks: Block[] = [];
  for (const part of perProcess(input)) {
    let l = 0;
    let r = 0;
    let lr = 0;
    let fill = 0;
    for await (const chunk of decodePcmInt16(path, { signal, sampleRate: RATE, channels: 2, input: part })) {
      for (let i = 0; i + 1 < chunk.length; i += 2) {
        const a = chunk[i]! / 32768;
        const b = chunk[i + 1]! / 32768;
        l += a * a;
        r += b * b;
        lr += a * b;
        if (++fill === BLOCK) {
          blocks.push({ l: l / BLOCK, r: r / BLOCK, correlation: l > 0 && r > 0 ? lr / Math.sqrt(l * r) : 0 });
          l = r = lr = fill = 0;
        }
      }
    }
  }
  return blocks;
}

const db = (e: number) => 10 * Math.log10(e + 1e-12);

/**
 * 'sides' when the two channels hold different parties: decision 016's rule (most speech clearly on one
 * side, each side holding some), or each side holding some speech of its own and the speech on both at
 * once being two unlike signals (both parties talking at once), else 'mix'.
 */
export async function channelLayout(
  path: string,
  durationSeconds: number | undefined,
  signal?: AbortSignal,
): Promise<ChannelJudgement> {
  const blocks = await blockEnergies(path, durationSeconds, signal);
  const louder = blocks.map((b) => db(Math.max(b.l, b.r))).sort((a, b) => a - b);
  if (louder.length === 0) return { layout: 'mix', bleed: [0, 0] };
  const loudEnd = louder[Math.floor(0.99 * (louder.length - 1))]!;
  const speech = blocks.filter((b) => db(Math.max(b.l, b.r)) >= loudEnd - SPEECH_RANGE_DB);
  return { layout: layoutOf(speech), bleed: [bleedOf(speech, 'l', 'r'), bleedOf(speech, 'r', 'l')] };
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

function layoutOf(speech: Block[]): ChannelLayout {
  const balances = speech.map((b) => db(b.l) - db(b.r));
  if (channelSides(balances)) return 'sides';
  const left = balances.filter((d) => d >= SIDE_DB).length;
  const right = balances.filter((d) => d <= -SIDE_DB).length;
  const minSide = Math.max(4, 0.02 * speech.length);
  if (left < minSide || right < minSide) return 'mix';
  const both = speech.filter((_, i) => Math.abs(balances[i]!) < SIDE_DB).map((b) => Math.abs(b.correlation));
  both.sort((a, b) => a - b);
  return both.length > 0 && both[Math.floor(both.length / 2)]! < APART_CORRELATION ? 'sides' : 'mix';
}
