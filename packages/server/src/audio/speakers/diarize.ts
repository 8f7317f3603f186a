/**
 * Speaker diarization from signal features only (no neural speaker-embedding model is available):
 *
 * 1. features (speaker-features.ts): Gaussian statistics of MFCC c1..c19 per ~0.5 s of speech;
 * 2. change detection (change-detection.ts): ΔBIC between the speech on either side of each block
 *    boundary cuts continuous speech into single-speaker segments;
 * 3. clustering (clustering.ts): agglomerative ΔBIC clustering of those segments; the number of
 *    speakers is where merging stops paying;
 * 4. re-segmentation (resegment.ts): per-speaker Gaussians and a Viterbi pass over the blocks;
 * 5. transcript segments are labelled, and cut where the speaker changes inside them.
 *
 * Steps 2–4, with what the channels, the segmentation model's tracks and the pitch add, are how many
 * people there are and whose each block is: people.ts decides that, in one place (a stereo recording
 * with one party per channel is split by side first, so a voice on the left never shares a label with
 * one on the right). This file cuts the transcript segments between those people and names them.
 *
 * See docs/decisions/011-diarization.md and 012-real-meetings.md for the reasoning and figures.
 */

import type { SpeakerTracks } from '../speech/segmentation.ts';
import { countSpeakers, findPeople, type LowVoices, type PeopleOptions, personOfOverlap } from './people.ts';
import { compact, mostFrequent } from './resegment.ts';
import type { SpeakerBlock } from './speaker-features.ts';
import { heardTwoAt } from './tracks.ts';

export { type FeatureOptions, type SpeakerBlock, SpeakerFeatures } from './speaker-features.ts';

/**
 * A speaker run shorter than this does not cut a transcript segment: one 0.5 s block never does, two
 * do (was 1 s; at 0.75 s a brief voice the model told apart keeps its part, and the joined clean
 * three-speaker clip is 99.8% right instead of 98.5%; the AMI figures are otherwise the same; 026).
 */
const MIN_PART_SECONDS = 0.75;

/** How many people and whose each block is (people.ts), and how transcript segments are cut between them. */
export interface DiarizeOptions extends PeopleOptions {
  /** A speaker run shorter than this inside a transcript segment does not cut it; default MIN_PART_SECONDS. */
  minPartSeconds?: number;
}

export interface SegmentPart {
  start: number;
  end: number;
  /** 'Speaker 1', ... numbered in order of first appearance. */
  speaker: string;
  /**
   * A second voice over the segment's own speaker (a low voice that pitch made a person inside
   * speech that goes on across it, docs/decisions/025): shown as its own segment, given no words.
   */
  overlap?: boolean;
}

export interface DiarizationResult {
  speakerCount: number;
  /** The main speaker of each input segment ('' for an overlap segment without a second voice: not shown). */
  labels: string[];
  /** Each input segment cut at speaker changes (one part when one speaker holds it). */
  parts: SegmentPart[][];
  /** Speaker index (0-based, same numbering as the labels) per block. */
  blockSpeakers: number[];
  /** The person of each of the segmentation model's tracks, when they were used (edges.ts). */
  speakerOfTrack?: Map<number, string>;
}

/**
 * Assign speakers to segments. `blocks` come from SpeakerFeatures; `segments` are the transcript
 * segments (seconds). The number of speakers is estimated from the data.
 */
export function diarize(
  blocks: SpeakerBlock[],
  segments: Array<{ start: number; end: number; overlap?: boolean }>,
  options: DiarizeOptions = {},
  tracks?: SpeakerTracks,
): DiarizationResult {
  const order = Array.from({ length: blocks.length }, (_, i) => i).sort((a, b) => blocks[a]!.start - blocks[b]!.start);
  const sorted = order.map((i) => blocks[i]!);
  const minPart = options.minPartSeconds ?? MIN_PART_SECONDS;
  // how many people and whose each block is: decided in people.ts alone
  const people = findPeople(sorted, tracks, options, minPart);
  const { labels, lowVoice } = people;
  const parts = segments.map((seg) => {
    if (!seg.overlap) return splitSegment(seg, sorted, labels, minPart, lowVoice);
    // a second voice over the first: its own segment when it is somebody's, else none
    const person = personOfOverlap(seg, people, tracks);
    return person === undefined ? [] : [{ start: seg.start, end: seg.end, speaker: person }];
  });
  // number speakers in order of first appearance in the transcript
  const rename = new Map<number, number>();
  const orderedParts = parts
    .flat()
    .slice()
    .sort((a, b) => a.start - b.start);
  for (const p of orderedParts) if (!rename.has(p.speaker)) rename.set(p.speaker, rename.size);
  for (const l of compact(labels)) if (!rename.has(l)) rename.set(l, rename.size);
  const name = (c: number) => `Speaker ${rename.get(c)! + 1}`;
  const blockSpeakers = new Array<number>(blocks.length);
  order.forEach((orig, t) => {
    blockSpeakers[orig] = rename.get(labels[t]!) ?? 0;
  });
  return {
    speakerCount: countSpeakers(segments.length ? orderedParts.map((p) => p.speaker) : labels),
    labels: parts.map((ps) => {
      const own = ps.filter((p) => !p.overlap);
      return own.length ? name(mainSpeaker(own)) : ps.length ? name(ps[0]!.speaker) : '';
    }),
    parts: parts.map((ps) =>
      ps.map((p) => ({ start: p.start, end: p.end, speaker: name(p.speaker), ...(p.overlap && { overlap: true }) })),
    ),
    blockSpeakers,
    ...(people.personOfTrack && {
      speakerOfTrack: new Map(
        [...people.personOfTrack].filter(([, p]) => rename.has(p)).map(([t, p]) => [t, name(p)] as [number, string]),
      ),
    }),
  };
}

function mainSpeaker(parts: Array<{ start: number; end: number; speaker: number }>): number {
  const time = new Map<number, number>();
  for (const p of parts) time.set(p.speaker, (time.get(p.speaker) ?? 0) + p.end - p.start);
  let best = parts[0]!.speaker;
  for (const [s, t] of time) if (t > (time.get(best) ?? 0)) best = s;
  return best;
}

type Part = { start: number; end: number; speaker: number; overlap?: boolean };

/**
 * The segment's speaker runs (from the blocks inside it), runs shorter than minPart folded into a
 * neighbour. A run of a low voice (pitch rule 1, docs/decisions/025) where another voice goes on
 * does not cut the segment: the person it was taken from speaks next to it in the segment and the
 * segmentation model heard the same voice (track) in both, or the model heard two voices for half
 * of the run. The recognised words there are the other voice's (Moonshine hears the louder, longer
 * one), so the run is shown as a second voice over the segment (`overlap`) and the segment stays
 * its person's. A low voice with nobody else in its segment, or heard as a voice of its own, still
 * cuts; so does every low voice without the model (nothing then tells a turn from a voice over another's).
 */
function splitSegment(
  seg: { start: number; end: number },
  blocks: SpeakerBlock[],
  labels: Int32Array,
  minPart: number,
  low?: LowVoices,
): Part[] {
  const runs: Array<{ first: number; last: number; speaker: number }> = [];
  let nearest = -1;
  let nearestGap = Infinity;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const gap = Math.max(0, b.start - seg.end, seg.start - b.end);
    if (gap < nearestGap) {
      nearestGap = gap;
      nearest = i;
    }
    const mid = (b.start + b.end) / 2;
    if (mid < seg.start || mid > seg.end) continue;
    const last = runs[runs.length - 1];
    if (last && last.speaker === labels[i]) last.last = i;
    else runs.push({ first: i, last: i, speaker: labels[i]! });
  }
  if (runs.length === 0) return [{ ...seg, speaker: nearest >= 0 ? labels[nearest]! : 0 }];
  const over = low ? secondVoicesOver(seg, runs, blocks, low) : [];
  // fold short runs into the longer neighbour until every run is long enough (or one is left)
  const span = (r: { first: number; last: number }) => blocks[r.last]!.end - blocks[r.first]!.start;
  for (;;) {
    let shortest = -1;
    for (let r = 0; r < runs.length; r++) {
      if (runs.length > 1 && span(runs[r]!) < minPart && (shortest < 0 || span(runs[r]!) < span(runs[shortest]!)))
        shortest = r;
    }
    if (shortest < 0) break;
    const left = runs[shortest - 1];
    const right = runs[shortest + 1];
    const into = !right || (left && span(left) >= span(right)) ? shortest - 1 : shortest + 1;
    const target = runs[into]!;
    target.first = Math.min(target.first, runs[shortest]!.first);
    target.last = Math.max(target.last, runs[shortest]!.last);
    runs.splice(shortest, 1);
    // neighbours with the same speaker join
    for (let r = runs.length - 1; r > 0; r--) {
      if (runs[r]!.speaker === runs[r - 1]!.speaker) {
        runs[r - 1]!.last = runs[r]!.last;
        runs.splice(r, 1);
      }
    }
  }
  const own: Part[] = runs.map((r, k) => ({
    start: k === 0 ? seg.start : (blocks[runs[k - 1]!.last]!.end + blocks[r.first]!.start) / 2,
    end: k === runs.length - 1 ? seg.end : (blocks[r.last]!.end + blocks[runs[k + 1]!.first]!.start) / 2,
    speaker: r.speaker,
  }));
  return [...own, ...over];
}

/**
 * The low-voice runs (splitSegment) heard over another voice, as overlap parts; in `runs` each such
 * run goes back to the person it was taken from and joins its neighbours of that person.
 */
function secondVoicesOver(
  seg: { start: number; end: number },
  runs: Array<{ first: number; last: number; speaker: number }>,
  blocks: SpeakerBlock[],
  low: LowVoices,
): Part[] {
  const over: Part[] = [];
  const track = (r: { first: number; last: number }) =>
    low.dominant ? mostFrequent(low.dominant.subarray(r.first, r.last + 1).filter((t) => t >= 0)) : -1;
  for (let k = 0; k < runs.length; k++) {
    const r = runs[k]!;
    if (r.speaker < low.made) continue;
    const from = low.before[r.first]!;
    const start = Math.max(seg.start, blocks[r.first]!.start);
    const end = Math.min(seg.end, blocks[r.last]!.end);
    const sameVoice = (n: { first: number; last: number; speaker: number } | undefined) =>
      low.dominant !== undefined && n !== undefined && n.speaker === from && track(n) === track(r);
    const heardTwo = low.tracks !== undefined && heardTwoAt(start, end, low.tracks, (end - start) / 2);
    if (!sameVoice(runs[k - 1]) && !sameVoice(runs[k + 1]) && !heardTwo) continue;
    over.push({ start, end, speaker: r.speaker, overlap: true });
    r.speaker = from;
  }
  for (let k = runs.length - 1; k > 0; k--) {
    if (runs[k]!.speaker !== runs[k - 1]!.speaker) continue;
    runs[k - 1]!.last = runs[k]!.last;
    runs.splice(k, 1);
  }
  return over;
}
