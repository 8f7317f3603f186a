/**
 * Agglomerative clustering of speech segments with the Bayesian information criterion: every
 * segment starts as its own cluster (one full-covariance Gaussian over its MFCC frames); the pair
 * whose merge costs least (lowest ΔBIC) is merged, until every remaining pair has ΔBIC > 0, i.e.
 * until two Gaussians describe any two clusters better than one, after paying for the extra
 * parameters. The number of speakers is what is left; nothing is told about it.
 *
 * With many segments (long recordings) neighbouring segments are first merged pairwise in time by
 * the same criterion, which keeps the O(k²) clustering small (at most `maxInitialClusters`).
 *
 * A last pass judges the clusters left on at most `maxPairSeconds` of their speech together (see
 * finalMerge). Without it, one voice talking for ten minutes forms sub-clusters (a loud passage, a
 * noisy one) that ΔBIC keeps apart only because each holds so much speech, not because they differ more.
 */
import { BicSide, deltaBic, deltaBicOfSides, GaussStats } from './gaussian.ts';

export interface ClusteringOptions {
  /** BIC penalty weight λ; default 1.5 (see docs/decisions/012). */
  lambda?: number;
  /** Clusters the quadratic stage starts from; default 400. */
  maxInitialClusters?: number;
  /** Speech (seconds) a cluster weighs at most in ΔBIC (see gaussian.ts deltaBic); default 60. */
  maxClusterSeconds?: number;
  /** Upper bound on the clusters returned; default 10. */
  maxSpeakers?: number;
  /** Speech (seconds) two final clusters weigh at most together in the last pass; default 25. */
  maxPairSeconds?: number;
  /** Input segments that must not share a cluster (e.g. two voices heard at the same time). */
  cannotLink?: (i: number, j: number) => boolean;
}

/** Cluster index (0..k-1) per input segment. */
export function clusterSegments(segments: GaussStats[], options: ClusteringOptions = {}): Int32Array {
  const lambda = options.lambda ?? 1.5;
  const maxInitial = options.maxInitialClusters ?? 400;
  const maxSpeakers = options.maxSpeakers ?? 10;
  const cap = (options.maxClusterSeconds ?? 60) * 100; // 100 MFCC frames per second
  const pairCap = (options.maxPairSeconds ?? 25) * 100;
  const apart = new Apart(segments.length, options.cannotLink);
  const clusters = new Clusters(segments, cap, lambda);
  const { members, stats } = clusters;
  const pairCost = (i: number, j: number) => (apart.between(members[i]!, members[j]!) ? Infinity : clusters.cost(i, j));

  // 1. Pre-merge neighbours in time: per sweep, only the cheaper half of the neighbouring pairs may
  //    merge (a change of speaker is an expensive pair), each segment at most once.
  while (stats.length > maxInitial) {
    const order = Array.from({ length: stats.length - 1 }, (_, i) => i);
    const cost = order.map((i) => pairCost(i, i + 1));
    order.sort((x, y) => cost[x]! - cost[y]!);
    const taken = new Uint8Array(stats.length);
    let excess = stats.length - maxInitial;
    for (const i of order.slice(0, Math.max(1, Math.floor(order.length / 2)))) {
      if (excess <= 0) break;
      if (taken[i] || taken[i + 1] || cost[i] === Infinity) continue;
      taken[i] = 1;
      taken[i + 1] = 2; // merged into i
      excess--;
    }
    // from the end, so that the clusters still to merge keep their indices
    for (let i = stats.length - 2; i >= 0; i--) if (taken[i] === 1) clusters.merge(i, i + 1, true);
  }

  // 2. Agglomerative clustering over all pairs.
  const k0 = stats.length;
  const alive = new Uint8Array(k0).fill(1);
  const score = new Float64Array(k0 * k0).fill(Infinity);
  for (let i = 0; i < k0; i++) for (let j = i + 1; j < k0; j++) score[i * k0 + j] = pairCost(i, j);
  let count = k0;
  while (count > 1) {
    let bi = -1;
    let bj = -1;
    let bv = Infinity;
    for (let i = 0; i < k0; i++) {
      if (!alive[i]) continue;
      for (let j = i + 1; j < k0; j++) {
        if (alive[j] && score[i * k0 + j]! < bv) {
          bv = score[i * k0 + j]!;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0 || bv === Infinity || (bv > 0 && count <= maxSpeakers)) break;
    clusters.merge(bi, bj);
    alive[bj] = 0;
    count--;
    for (let k = 0; k < k0; k++) {
      if (!alive[k] || k === bi) continue;
      const v = pairCost(bi, k);
      if (k < bi) score[k * k0 + bi] = v;
      else score[bi * k0 + k] = v;
    }
  }
  finalMerge(stats, members, alive, (i, j) =>
    apart.between(members[i]!, members[j]!) ? Infinity : deltaBic(stats[i]!, stats[j]!, lambda, Infinity, pairCap),
  );
  const labels = new Int32Array(segments.length);
  let next = 0;
  for (let c = 0; c < k0; c++) {
    if (!alive[c]) continue;
    for (const i of members[c]!) labels[i] = next;
    next++;
  }
  return labels;
}

/**
 * Merges the cheapest pair of surviving clusters while the pair, scaled to at most `pairCap` frames
 * in its own proportions, is better described by one Gaussian. The agglomerative stage weighs each
 * cluster up to a minute, so two halves of one long monologue (or a recurring kind of passage and
 * the rest of it) each hold a minute of evidence and stay apart. Judged on 25 s together, a long pair
 * merges when its per-frame log-likelihood ratio is below ~0.49 nats (λ·P/2·log 2500 / 2500). That
 * threshold sits between the ratios measured between large sub-clusters of one voice (about
 * 0.1–0.5) and between the AMI speakers the first stage finds (0.64–1.2). Measured (docs/decisions/
 * 012): one voice over 339 s went from 10 labels to 1; the AMI meeting looped to an hour went from
 * 8 to 4 (5 people); the short AMI files did not change. It runs after the agglomerative stage, not inside it: there a growing cluster
 * would swallow every small one beside it (at 15–17 s the hour collapsed to one label).
 */
function finalMerge(
  stats: GaussStats[],
  members: number[][],
  alive: Uint8Array,
  cost: (i: number, j: number) => number,
): void {
  for (;;) {
    let best: [number, number] | undefined;
    let bestCost = 0;
    for (let i = 0; i < alive.length; i++) {
      for (let j = i + 1; alive[i] && j < alive.length; j++) {
        if (!alive[j]) continue;
        const c = cost(i, j);
        if (c <= bestCost) {
          bestCost = c;
          best = [i, j];
        }
      }
    }
    if (!best) return;
    const [i, j] = best;
    stats[i] = GaussStats.merged(stats[i]!, stats[j]!);
    members[i] = [...members[i]!, ...members[j]!];
    alive[j] = 0;
  }
}

/**
 * Clusters being merged: their input segments, merged statistics, and each one's side of ΔBIC
 * (gaussian.ts BicSide: its statistics weighed as at most `cap` frames and its log-determinant),
 * worked out once per cluster rather than once per pair it is compared in; only the pair's own
 * log-determinant is computed per pair. The costs are bit for bit deltaBic's.
 */
export class Clusters {
  readonly members: number[][];
  readonly stats: GaussStats[];
  private readonly sides: BicSide[];
  private readonly cap: number;
  private readonly lambda: number;

  constructor(segments: GaussStats[], cap: number, lambda: number) {
    this.cap = cap;
    this.lambda = lambda;
    this.members = segments.map((_, i) => [i]);
    this.stats = segments.map((x) => GaussStats.merged(x));
    this.sides = this.stats.map((x) => new BicSide(x, cap));
  }

  /** ΔBIC of clusters i and j, each weighed as at most `cap` frames: deltaBic(stats i, stats j, λ, cap). */
  cost(i: number, j: number): number {
    return deltaBicOfSides(this.sides[i]!, this.sides[j]!, this.lambda);
  }

  /** Cluster j into cluster i; `remove`: j leaves the lists (the later clusters move down one). */
  merge(i: number, j: number, remove = false): void {
    this.stats[i] = GaussStats.merged(this.stats[i]!, this.stats[j]!);
    this.members[i] = [...this.members[i]!, ...this.members[j]!];
    this.sides[i] = new BicSide(this.stats[i]!, this.cap);
    if (!remove) return;
    this.stats.splice(j, 1);
    this.members.splice(j, 1);
    this.sides.splice(j, 1);
  }
}

/** The cannot-link pairs, looked up between two clusters' members. */
class Apart {
  private readonly partners: Array<Set<number>> | undefined;

  constructor(n: number, cannotLink?: (i: number, j: number) => boolean) {
    if (!cannotLink) return;
    this.partners = Array.from({ length: n }, () => new Set<number>());
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++)
        if (cannotLink(i, j)) {
          this.partners[i]!.add(j);
          this.partners[j]!.add(i);
        }
  }

  between(a: number[], b: number[]): boolean {
    if (!this.partners) return false;
    const inB = new Set(b);
    return a.some((i) => [...this.partners![i]!].some((j) => inB.has(j)));
  }
}
