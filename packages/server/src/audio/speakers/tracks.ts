/**
 * What the segmentation's speaker tracks (speech/segmentation.ts) tell the speaker stage. A track is
 * one voice for as long as the model followed it across its overlapping windows. A change of track
 * is a change of speaker the model heard (change detection may find more, never fewer), and two
 * tracks heard at the same time are two people, so the clustering never joins them. The number of
 * people thus comes from both: at least as many as ever spoke together, and as many more as the
 * voices' statistics say. Clustering whole tracks instead (their solo blocks pooled) was measured and
 * not kept: one wrong merge moves a whole track, and the joined clean-speech clips lost a third of
 * their attribution (docs/decisions/017).
 */
import { SEG_HOP, type SpeakerTracks, segFrameCentre } from '../speech/segmentation.ts';
import { type ClusteringOptions, clusterSegments } from './clustering.ts';
import { GaussStats } from './gaussian.ts';
import type { SpeakerBlock } from './speaker-features.ts';

export interface TrackOptions {
  /** Share of a block's frames its track must hold alone for the block to describe the voice; default 0.8. */
  pureShare?: number;
  /** A pause this long in a track's speech starts a new stretch to cluster; default Infinity (whole tracks). */
  stretchGapSeconds?: number;
}

const SR = 16000;

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
  const gap = options.stretchGapSeconds ?? Infinity;
  const stretchOf = new Int32Array(sorted.length).fill(-1);
  const stretches: Array<{ track: number; stats: GaussStats; end: number }> = [];
  const open = new Map<number, number>(); // track -> its current stretch
  sorted.forEach((b, i) => {
    const t = dominant[i]!;
    if (t < 0) return;
    const [a, z] = framesOf(b.start, b.end, tracks.frames);
    let solo = 0;
    for (let g = a; g <= z; g++) if (tracks.first[g] === t && tracks.second[g]! < 0) solo++;
    let k = open.get(t);
    if (k === undefined || b.start - stretches[k]!.end > gap) {
      k = stretches.push({ track: t, stats: new GaussStats(b.stats.d), end: b.end }) - 1;
      open.set(t, k);
    }
    stretchOf[i] = k;
    stretches[k]!.end = b.end;
    if (z >= a && solo >= pureShare * (z - a + 1)) stretches[k]!.stats.add(b.stats);
  });
  const measured = stretches.map((_, k) => k).filter((k) => stretches[k]!.stats.n > 0);
  if (measured.length === 0) return new Int32Array(sorted.length);
  const apart = heardTogether(tracks);
  const clusters = clusterSegments(
    measured.map((k) => stretches[k]!.stats),
    {
      ...clustering,
      cannotLink: (x, y) => {
        const a = stretches[measured[x]!]!.track;
        const b = stretches[measured[y]!]!.track;
        return a !== b && apart(a, b);
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
