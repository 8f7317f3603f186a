/**
 * How many people speak, and which speaker blocks are whose: the one place that decides the count
 * (issue 41). The stages give evidence (each side's level, the voices' statistics, the segmentation
 * model's tracks, the blocks' pitch); the rules below, in this order, make it people:
 *
 * 1. A two-channel recording with one party per side (decoding/channels.ts channelSides): each side's
 *    people are found alone and never share a person with the other side's (decision 016).
 * 2. Too little speech to tell voices apart (fewer than `minBlocks` blocks, per side): one person.
 * 3. The voices' statistics: ΔBIC clustering (clustering.ts) of the change-detection segments, or of
 *    the model's track stretches (tracks.ts), where two tracks heard together or told apart are never
 *    joined (decision 017): as many people as merging stops paying for.
 * 4. At least as many as the model told apart: one person found, but two voices told apart as local
 *    speakers of one window, each holding blocks there: two (decision 026).
 * 5. Pitch (decision 025): brief speech whose pitch falls in two groups far apart is two people; a run
 *    far below its person's pitch is a person of its own.
 * 6. A second voice heard only over the one person found is a person of its own (personOfOverlap,
 *    decision 026).
 * 7. The count is the people the transcript names (countSpeakers): one whose every part was folded
 *    into a neighbour's, or whose every segment holds no word (label.ts), is not counted.
 */
import { type ChannelSplitOptions, channelSides } from '../decoding/channels.ts';
import type { SpeakerTracks } from '../speech/segmentation.ts';
import { type ChangeOptions, detectChanges } from './change-detection.ts';
import { type ClusteringOptions, clusterSegments } from './clustering.ts';
import { GaussStats } from './gaussian.ts';
import { lowPitchGroup, lowVoicesApart } from './pitch-people.ts';
import { compact, labelCount, mostFrequent, type ResegmentOptions, resegment } from './resegment.ts';
import type { SpeakerBlock } from './speaker-features.ts';
import {
  dominantTracks,
  heardTogether,
  heardTwoAt,
  labelBlocksByTracks,
  personOfTracks,
  quieterVoiceToldApart,
  secondVoice,
  type TrackOptions,
} from './tracks.ts';

/** Fewer blocks than this (too little speech to tell voices apart) give one person (rule 2). */
const MIN_BLOCKS = 8;

export interface PeopleOptions {
  change?: ChangeOptions;
  clustering?: ClusteringOptions;
  resegment?: ResegmentOptions;
  /** Fewer blocks than this (too little speech to tell voices apart) give one speaker; default 8. */
  minBlocks?: number;
  /** When a stereo recording counts as one party per channel (channels.ts); false: never split by channel. */
  channels?: ChannelSplitOptions | false;
  /** How the segmentation's tracks become people (tracks.ts); changeDetection: cut and cluster as without them. */
  tracks?: TrackOptions & { changeDetection?: boolean };
  /** false: the blocks' pitch is not used to tell people apart (pitch-people.ts). */
  pitch?: boolean;
}

/** What a segment's split needs to tell a low voice heard over another from one heard alone (diarize.ts). */
export interface LowVoices {
  /** The labels before pitch rule 1 (lowVoicesApart) took runs away from their person. */
  before: Int32Array;
  /** People from this number on are rule 1's low voices. */
  made: number;
  tracks: SpeakerTracks | undefined;
  /** The segmentation's track of each block (-1: none), when there are tracks (single channel). */
  dominant: Int32Array | undefined;
}

export interface People {
  /** The person of each block (blocks sorted by time), numbered from 0. */
  labels: Int32Array;
  /** The segmentation's track of each block (-1: none), when its tracks were used (single channel). */
  dominant?: Int32Array;
  /** Pitch rule 1's low voices, when the rule ran. */
  lowVoice?: LowVoices;
  /** The person most of each track's blocks were given. */
  personOfTrack?: Map<number, number>;
  /** Every block is one person (labels are compact: person 1 would be a new one). */
  onePerson: boolean;
}

/**
 * The people of the blocks (sorted by time): rules 1 to 5. `minPartSeconds` is the shortest speaker run
 * that shows (diarize.ts): a low voice shorter than that is not made a person.
 */
export function findPeople(
  sorted: SpeakerBlock[],
  tracks: SpeakerTracks | undefined,
  options: PeopleOptions,
  minPartSeconds: number,
): People {
  const few = sorted.length < (options.minBlocks ?? MIN_BLOCKS);
  const sides =
    options.channels === false
      ? undefined
      : channelSides(
          sorted.map((b) => b.channelBalanceDb),
          options.channels,
        );
  const dominant = tracks && !sides ? dominantTracks(sorted, tracks) : undefined;
  const found = sides
    ? peopleOfEachSide(sorted, sides, options)
    : peopleByStatistics(sorted, options, dominant && tracks && { dominant, tracks });
  // rule 4: the people are at least the voices the model told apart
  const told =
    dominant && tracks && options.tracks?.distinct !== false && isOnePerson(found)
      ? withSecondPerson(found, quieterVoiceToldApart(sorted, dominant, tracks))
      : found;
  // rule 5: a voice far below its person's pitch is somebody else's; two pitches far apart in a few
  // seconds of speech are two people (docs/decisions/025)
  const byPitch =
    options.pitch === false || !few || !isOnePerson(told) ? told : withSecondPerson(told, lowPitchGroup(sorted));
  const labels = options.pitch === false ? told : lowVoicesApart(sorted, byPitch, minPartSeconds);
  // the people rule 1 made: a low voice inside another's speech, which may be heard over it
  const lowVoice = labels === byPitch ? undefined : { before: byPitch, tracks, dominant, made: labelCount(byPitch) };
  const personOfTrack = dominant ? personOfTracks(dominant, labels) : undefined;
  return {
    labels,
    ...(dominant && { dominant }),
    ...(lowVoice && { lowVoice }),
    ...(personOfTrack && { personOfTrack }),
    onePerson: isOnePerson(labels),
  };
}

/**
 * The person of a second voice over a segment (an overlap segment): the person of the second track
 * where another known voice is there; else, when only one person was found and the model heard two
 * voices at once there, a person of their own (rule 6: a voice heard only over another's is never
 * measured alone, but two voices at once are two people); undefined: nobody (the segment is not shown).
 */
export function personOfOverlap(
  seg: { start: number; end: number },
  people: People,
  tracks: SpeakerTracks | undefined,
): number | undefined {
  const { personOfTrack, onePerson } = people;
  const known = personOfTrack && tracks ? secondVoice(seg.start, seg.end, tracks, personOfTrack) : undefined;
  if (known !== undefined) return known;
  return onePerson && tracks && heardTwoAt(seg.start, seg.end, tracks) ? 1 : undefined;
}

/** How many people a transcript names (rule 7): its distinct speakers. */
export function countSpeakers(speakers: Iterable<string | number>): number {
  return new Set(speakers).size;
}

const isOnePerson = (labels: Int32Array) => labels.every((l) => l === 0);

/** The labels with `blocks` made a second person (person 1); the labels themselves when there are none. */
function withSecondPerson(labels: Int32Array, blocks: readonly number[]): Int32Array {
  if (blocks.length === 0) return labels;
  const out = labels.slice();
  for (const i of blocks) out[i] = 1;
  return out;
}

/** Rules 2 and 3 on one stream's blocks: one person for too few, else as the statistics (and the tracks) say. */
function peopleByStatistics(
  sorted: SpeakerBlock[],
  options: PeopleOptions,
  model: { dominant: Int32Array; tracks: SpeakerTracks } | undefined,
): Int32Array {
  if (sorted.length < (options.minBlocks ?? MIN_BLOCKS)) return new Int32Array(sorted.length);
  if (!model) return labelBlocks(sorted, options);
  const { dominant, tracks } = model;
  if (options.tracks?.changeDetection) return labelBlocks(sorted, options, { dominant, apart: heardTogether(tracks) });
  return compact(
    labelBlocksByTracks(sorted, dominant, tracks, options.clustering, {
      ...options.tracks,
      pitch: options.pitch !== false,
    }),
  );
}

/** Rules 2 and 3 on each channel's blocks alone; the right side's people are numbered after the left's. */
function peopleOfEachSide(sorted: SpeakerBlock[], sides: Uint8Array, options: PeopleOptions): Int32Array {
  const labels = new Int32Array(sorted.length);
  let offset = 0;
  for (const side of [0, 1]) {
    const mine: number[] = [];
    sides.forEach((s, i) => {
      if (s === side) mine.push(i);
    });
    const own = peopleByStatistics(
      mine.map((i) => sorted[i]!),
      options,
      undefined,
    );
    mine.forEach((i, k) => {
      labels[i] = offset + own[k]!;
    });
    offset += labelCount(own);
  }
  return compact(labels);
}

/**
 * Speaker index per block (sorted by time), numbered from 0 in order of first appearance: change
 * detection, ΔBIC clustering of its segments, re-segmentation (diarize.ts steps 2–4).
 */
function labelBlocks(
  sorted: SpeakerBlock[],
  options: PeopleOptions,
  heard?: { dominant: Int32Array; apart: (x: number, y: number) => boolean },
): Int32Array {
  const ranges = heard
    ? cutAtTrackChanges(detectChanges(sorted, options.change), heard.dominant)
    : detectChanges(sorted, options.change);
  const segmentStats = ranges.map(([a, b]) => GaussStats.merged(...sorted.slice(a, b).map((x) => x.stats)));
  const segmentTrack = heard ? ranges.map(([a, b]) => mostFrequent(heard.dominant.subarray(a, b))) : [];
  const clusters = clusterSegments(segmentStats, {
    ...options.clustering,
    ...(heard && {
      cannotLink: (i: number, j: number) => {
        const x = segmentTrack[i]!;
        const y = segmentTrack[j]!;
        return x >= 0 && y >= 0 && x !== y && heard.apart(x, y);
      },
    }),
  });
  let labels: Int32Array = new Int32Array(sorted.length);
  ranges.forEach(([a, b], s) => {
    labels.fill(clusters[s]!, a, b);
  });
  labels = resegment(sorted, labels, options.resegment);
  return compact(labels);
}

/** Ranges of blocks cut further where the segmentation's track changes between neighbouring blocks. */
function cutAtTrackChanges(ranges: Array<[number, number]>, dominant: Int32Array): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [a, b] of ranges) {
    let from = a;
    for (let i = a + 1; i < b; i++) {
      const x = dominant[i - 1]!;
      const y = dominant[i]!;
      if (x >= 0 && y >= 0 && x !== y) {
        out.push([from, i]);
        from = i;
      }
    }
    out.push([from, b]);
  }
  return out;
}
