/**
 * What the segmentation's speaker tracks (speech/segmentation.ts) tell the speaker stage. A track is
 * one voice for as long as the model followed it across its overlapping windows. Its stretches (a
 * pause of STRETCH_GAP_SECONDS starts a new one) are clustered into people with the voice statistics
 * of the blocks it holds alone; two tracks the model heard at the same time, or told apart as two
 * local speakers of one window, are two people and never joined. The number of people thus comes
 * from both: at least as many as the model told apart, and as many more as the voices' statistics
 * say (docs/decisions/017).
 */
import { SAMPLE_RATE } from '../decoding/ffmpeg.ts';
import { SEG_HOP, type SpeakerTracks, segFrameCentre } from '../speech/segmentation.ts';
import { type ClusteringOptions, clusterSegments } from './clustering.ts';
import { GaussStats } from './gaussian.ts';
import { PitchStats } from './pitch.ts';
import { pitchApart } from './pitch-people.ts';
import type { SpeakerBlock } from './speaker-features.ts';

export interface TrackOptions {
  /** Share of a block's frames its track must hold alone for the block to describe the voice; default 0.8. */
  pureShare?: number;
  /** A pause this long in a track's speech starts a new stretch to cluster; default STRETCH_GAP_SECONDS. */
  stretchGapSeconds?: number;
  /** false: a track without blocks of its own (only overlapped) is not clustered, its blocks take a neighbour's label. */
  overlapped?: boolean;
  /** false: tracks the model told apart within one window may still be joined (only those heard together may not). */
  distinct?: boolean;
  /** false: stretches whose pitch sits far apart may still be joined (pitch-people.ts pitchApart). */
  pitch?: boolean;
}

const SR = SAMPLE_RATE;
/**
 * A track that falls silent this long is clustered afresh when it speaks again: after two seconds
 * without the voice, stitching matched the next one on less of it (chosen on half A, where it
 * changed little; the held-out half gained 0.4 points of DER).
 */
const STRETCH_GAP_SECONDS = 2;
/**
 * The clustering's last pass judges two people on at most this much of their speech together
 * (clustering.ts maxPairSeconds; 25 s without tracks). The people the model told apart can no longer be
 * joined, so the pass can be lenient with the rest: at 25 s the clean clips' one reader, recorded
 * in two sessions, kept two labels; at 15 s one (10 s joined two different radio voices); the AMI
 * files did not change between 10 and 25 s.
 */
const TRACK_PAIR_SECONDS = 15;
/** MFCC frames (10 ms) a track heard only in overlap needs to be clustered: a second of speech. */
const MIN_OVERLAPPED_FRAMES = 100;

/** Segmentation frames whose centre lies in [start, end] (seconds). */
function framesOf(start: number, end: number, frames: number): [number, number] {
  const c0 = segFrameCentre(0);
  const a = Math.max(0, Math.ceil((start * SR - c0) / SEG_HOP));
  const b = Math.min(frames - 1, Math.floor((end * SR - c0) / SEG_HOP));
  return [a, b];
}

/**
 * The track most active in each block (blocks sorted by time), or -1 where the segmentation heard
 * nobody. Change detection never lets a segment run across a change of this track, and two
 * segments of tracks heard at the same time are never clustered together.
 */
export function dominantTracks(sorted: SpeakerBlock[], tracks: SpeakerTracks): Int32Array {
  const dominant = new Int32Array(sorted.length).fill(-1);
  const count = new Map<number, number>();
  sorted.forEach((b, i) => {
    const [a, z] = framesOf(b.start, b.end, tracks.frames);
    count.clear();
    for (let g = a; g <= z; g++) {
      const f = tracks.first[g]!;
      if (f >= 0) count.set(f, (count.get(f) ?? 0) + 1);
    }
    for (const [t, n] of count) if (dominant[i]! < 0 || n > count.get(dominant[i]!)!) dominant[i] = t;
  });
  return dominant;
}

/**
 * Speaker index per block (blocks sorted by time): the stretches of each track (its blocks without
 * overlapped speech) are clustered with ΔBIC, never two tracks heard at the same time together;
 * a block takes its track's person, blocks of tracks too overlapped to be measured their nearest
 * labelled neighbour's.
 */
export function labelBlocksByTracks(
  sorted: SpeakerBlock[],
  dominant: Int32Array,
  tracks: SpeakerTracks,
  clustering: ClusteringOptions | undefined,
  options: TrackOptions = {},
): Int32Array {
  const pureShare = options.pureShare ?? 0.8;
  const gap = options.stretchGapSeconds ?? STRETCH_GAP_SECONDS;
  const stretchOf = new Int32Array(sorted.length).fill(-1);
  const stretches: Array<{
    track: number;
    stats: GaussStats;
    all: GaussStats;
    pitch: PitchStats;
    start: number;
    end: number;
  }> = [];
  const open = new Map<number, number>(); // track -> its current stretch
  sorted.forEach((b, i) => {
    const t = dominant[i]!;
    if (t < 0) return;
    const [a, z] = framesOf(b.start, b.end, tracks.frames);
    let solo = 0;
    for (let g = a; g <= z; g++) if (tracks.first[g] === t && tracks.second[g]! < 0) solo++;
    let k = open.get(t);
    if (k === undefined || b.start - stretches[k]!.end > gap) {
      k =
        stretches.push({
          track: t,
          stats: new GaussStats(b.stats.d),
          all: new GaussStats(b.stats.d),
          pitch: new PitchStats(),
          start: b.start,
          end: b.end,
        }) - 1;
      open.set(t, k);
    }
    stretchOf[i] = k;
    stretches[k]!.end = b.end;
    if (z >= a && solo >= pureShare * (z - a + 1)) {
      stretches[k]!.stats.add(b.stats);
      if (b.pitch) stretches[k]!.pitch.add(b.pitch);
    }
    stretches[k]!.all.add(b.stats);
  });
  // a voice heard only over another's is still a person of its own: measured on its blocks as they are
  if (options.overlapped !== false)
    for (const st of stretches) if (st.stats.n === 0 && st.all.n >= MIN_OVERLAPPED_FRAMES) st.stats.add(st.all);
  const measured = stretches.map((_, k) => k).filter((k) => stretches[k]!.stats.n > 0);
  if (measured.length === 0) return new Int32Array(sorted.length);
  const together = heardTogether(tracks);
  const distinct = toldApart(tracks);
  const clusters = clusterSegments(
    measured.map((k) => stretches[k]!.stats),
    {
      maxPairSeconds: TRACK_PAIR_SECONDS,
      ...clustering,
      cannotLink: (x, y) => {
        const a = stretches[measured[x]!]!;
        const b = stretches[measured[y]!]!;
        return (
          (a.track !== b.track && (together(a.track, b.track) || (options.distinct !== false && distinct(a, b)))) ||
          // two voices far apart in pitch are two people, whatever the model followed (pitch-people.ts)
          (options.pitch !== false && pitchApart(a.pitch, b.pitch))
        );
      },
    },
  );
  const clusterOf = new Map(measured.map((k, j) => [k, clusters[j]!]));
  const labels = stretchOf.map((k) => clusterOf.get(k) ?? -1);
  fillFromNeighbours(sorted, labels);
  return labels;
}

/** Blocks without a label (-1) take the label of the nearest labelled block in time. */
function fillFromNeighbours(sorted: SpeakerBlock[], labels: Int32Array): void {
  const known = [...labels.keys()].filter((i) => labels[i]! >= 0);
  if (known.length === 0) {
    labels.fill(0);
    return;
  }
  let j = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (labels[i]! >= 0) continue;
    while (j + 1 < known.length && sorted[known[j + 1]!]!.start <= sorted[i]!.start) j++;
    const before = known[j]!;
    const after = known[Math.min(j + 1, known.length - 1)]!;
    const gapBefore = Math.abs(sorted[i]!.start - sorted[before]!.end);
    const gapAfter = Math.abs(sorted[after]!.start - sorted[i]!.end);
    labels[i] = gapBefore <= gapAfter ? labels[before]! : labels[after]!;
  }
}

/** Whether two tracks were heard at the same time for at least `seconds` (then they are two people). */
export function heardTogether(tracks: SpeakerTracks, seconds = 0.5): (x: number, y: number) => boolean {
  const together = new Map<string, number>();
  for (let g = 0; g < tracks.frames; g++) {
    const x = tracks.first[g]!;
    const y = tracks.second[g]!;
    if (x < 0 || y < 0) continue;
    const key = `${Math.min(x, y)} ${Math.max(x, y)}`;
    together.set(key, (together.get(key) ?? 0) + 1);
  }
  const need = (seconds * SR) / SEG_HOP;
  return (x, y) => (together.get(`${Math.min(x, y)} ${Math.max(x, y)}`) ?? 0) >= need;
}

/**
 * Whether the model told two tracks apart as two local speakers of one window that both stretches
 * (seconds) reach into (segmentation.ts). Judged per window, not per track: a track that, rarely,
 * carries a second voice elsewhere does not keep that voice from its own person.
 */
export function toldApart(
  tracks: SpeakerTracks,
): (x: { track: number; start: number; end: number }, y: { track: number; start: number; end: number }) => boolean {
  const windows = new Map<string, Array<{ start: number; end: number }>>();
  for (const d of tracks.distinct ?? []) {
    const key = `${Math.min(d.x, d.y)} ${Math.max(d.x, d.y)}`;
    windows.set(key, [...(windows.get(key) ?? []), d]);
  }
  const reaches = (s: { start: number; end: number }, w: { start: number; end: number }) =>
    s.start < w.end && s.end > w.start;
  return (x, y) =>
    (windows.get(`${Math.min(x.track, y.track)} ${Math.max(x.track, y.track)}`) ?? []).some(
      (w) => reaches(x, w) && reaches(y, w),
    );
}

/**
 * Where the model told two voices apart as two local speakers of one window (each speaking there for at
 * least a second, segmentation.ts) and both hold speaker blocks in it: the blocks there of the voice
 * with fewer of them (the first such window's), or none. When the statistics found one person, these
 * are a second one (people.ts rule 4: the number of people is at least what the model told apart,
 * docs/decisions/026).
 */
export function quieterVoiceToldApart(sorted: SpeakerBlock[], dominant: Int32Array, tracks: SpeakerTracks): number[] {
  const ofTrack = new Map<number, number[]>();
  dominant.forEach((t, i) => {
    if (t < 0) return;
    const mine = ofTrack.get(t);
    if (mine) mine.push(i);
    else ofTrack.set(t, [i]);
  });
  for (const w of tracks.distinct ?? []) {
    // the track's blocks (in time order) that reach into the window
    const blocksOf = (t: number) => {
      const mine = ofTrack.get(t) ?? [];
      let lo = 0;
      let hi = mine.length;
      while (lo < hi) {
        const m = (lo + hi) >> 1;
        if (sorted[mine[m]!]!.end > w.start) hi = m;
        else lo = m + 1;
      }
      const out: number[] = [];
      for (let k = lo; k < mine.length && sorted[mine[k]!]!.start < w.end; k++) out.push(mine[k]!);
      return out;
    };
    const x = blocksOf(w.x);
    const y = blocksOf(w.y);
    if (x.length === 0 || y.length === 0) continue;
    return x.length < y.length ? x : y;
  }
  return [];
}

/** The person most of each track's blocks were given. */
export function personOfTracks(dominant: Int32Array, labels: Int32Array): Map<number, number> {
  const votes = new Map<number, Map<number, number>>();
  dominant.forEach((t, i) => {
    if (t < 0) return;
    const v = votes.get(t) ?? new Map<number, number>();
    v.set(labels[i]!, (v.get(labels[i]!) ?? 0) + 1);
    votes.set(t, v);
  });
  const out = new Map<number, number>();
  for (const [t, v] of votes) {
    let best = -1;
    for (const [p, n] of v) if (best < 0 || n > v.get(best)!) best = p;
    out.set(t, best);
  }
  return out;
}

/**
 * Whether the model heard two voices at once for at least `seconds` between start and end: then two
 * people speak there (the lower bound heardTogether sets), whether or not the second was ever
 * heard alone long enough to be measured.
 */
export function heardTwoAt(start: number, end: number, tracks: SpeakerTracks, seconds = 0.5): boolean {
  const [a, z] = framesOf(start, end, tracks.frames);
  let n = 0;
  for (let g = a; g <= z; g++) if (tracks.second[g]! >= 0) n++;
  return n >= (seconds * SR) / SEG_HOP;
}

/**
 * The person of the second voice in a stretch of overlapped speech: the person of the less active
 * track where two are heard, if it is not the person of the more active one; undefined when no
 * other clustered voice is there (the extra segment is then not shown).
 */
export function secondVoice(
  start: number,
  end: number,
  tracks: SpeakerTracks,
  personOfTrack: Map<number, number>,
): number | undefined {
  const [a, z] = framesOf(start, end, tracks.frames);
  const votes = new Map<number, number>();
  for (let g = a; g <= z; g++) {
    if (tracks.second[g]! < 0) continue;
    const main = personOfTrack.get(tracks.first[g]!);
    const other = personOfTrack.get(tracks.second[g]!);
    if (other !== undefined && other !== main) votes.set(other, (votes.get(other) ?? 0) + 1);
  }
  let best: number | undefined;
  for (const [p, n] of votes) if (best === undefined || n > votes.get(best)!) best = p;
  return best;
}
