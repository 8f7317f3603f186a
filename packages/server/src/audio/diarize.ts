/**
 * Speaker diarization from signal features only (no neural embedding model is available).
 *
 * 1. Features: for every speech piece, MFCCs of the frames the VAD calls speech; windows of
 *    ~1.5 s of speech (hop 0.75 s) are summarised by the mean and standard deviation of c1..c19.
 *    Only these compact vectors are kept (~40 floats per 0.75 s), never the audio.
 * 2. Clustering: average-linkage agglomerative clustering of the standardised window vectors.
 * 3. Stopping rule (number of speakers, not given): the largest number of clusters such that every
 *    cluster holds a real share of the speech and every pair of clusters is separated by at least
 *    `minSeparation` in Mahalanobis distance under the pooled within-cluster covariance (a Fisher
 *    separation). One voice split in two gives a separation of about 1.6 (the halves of one Gaussian
 *    blob); different voices sit well above it.
 * 4. Re-segmentation: Gaussian classifier with a Viterbi switch penalty over time-ordered windows,
 *    re-estimated a few times; clusters that become too small or too close are merged.
 * 5. Each transcript segment gets the speaker holding most of its windows; labels are numbered in
 *    order of first appearance.
 *
 * See docs/decisions for the reasoning and the measured figures.
 */
import { mfcc } from './mfcc.ts';

export interface SpeakerWindow {
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  vector: Float32Array;
}

export interface FeatureOptions {
  /** Seconds of speech per window; default 1.5. */
  windowSeconds?: number;
  /** Hop between windows in seconds of speech; default 0.75. */
  hopSeconds?: number;
  /** A piece with less speech than this yields no window; default 0.5 s. */
  minSeconds?: number;
  /** VAD probability a 10 ms frame needs to count as speech; default 0.5. */
  speechThreshold?: number;
}

const SR = 16000;
const HOP = 160;
const FRAME = 400;
const CEPS = 20; // c0..c19; c0 (loudness) is not used for speaker identity

/** Collects compact speaker features piece by piece (streaming; memory grows ~200 bytes per second of speech). */
export class SpeakerFeatures {
  readonly windows: SpeakerWindow[] = [];
  private readonly winFrames: number;
  private readonly hopFrames: number;
  private readonly minFrames: number;
  private readonly threshold: number;

  constructor(options: FeatureOptions = {}) {
    this.winFrames = Math.round(((options.windowSeconds ?? 1.5) * SR) / HOP);
    this.hopFrames = Math.round(((options.hopSeconds ?? 0.75) * SR) / HOP);
    this.minFrames = Math.round(((options.minSeconds ?? 0.5) * SR) / HOP);
    this.threshold = options.speechThreshold ?? 0.5;
  }

  /** Add one speech piece (start in seconds, its 16 kHz samples, optionally the VAD's 32 ms frame probabilities). */
  addPiece(piece: { start: number; samples: Float32Array; frameProbs?: Float32Array; frameProbsStart?: number }): void {
    const m = mfcc(piece.samples, { coefficients: CEPS });
    if (m.frames === 0) return;
    let maxE = -Infinity;
    for (let f = 0; f < m.frames; f++) maxE = Math.max(maxE, m.logEnergy[f]!);
    const keep: number[] = [];
    for (let f = 0; f < m.frames; f++) {
      if (m.logEnergy[f]! < maxE - 7) continue; // > 30 dB below the loudest frame of the piece: silence
      if (piece.frameProbs && piece.frameProbsStart !== undefined) {
        const t = piece.start + (f * HOP + FRAME / 2) / SR;
        const idx = Math.floor((t - piece.frameProbsStart) / (512 / SR));
        if (idx >= 0 && idx < piece.frameProbs.length && piece.frameProbs[idx]! < this.threshold) continue;
      }
      keep.push(f);
    }
    if (keep.length < this.minFrames) return;
    const starts: number[] = [];
    if (keep.length <= this.winFrames) starts.push(0);
    else {
      for (let s = 0; s + this.winFrames <= keep.length; s += this.hopFrames) starts.push(s);
      const last = keep.length - this.winFrames;
      if (last - starts[starts.length - 1]! >= this.hopFrames / 2) starts.push(last);
    }
    for (const s of starts) {
      const e = Math.min(keep.length, s + this.winFrames);
      const dims = CEPS - 1;
      const sum = new Float64Array(dims);
      const sq = new Float64Array(dims);
      for (let k = s; k < e; k++) {
        const row = keep[k]! * CEPS;
        for (let c = 1; c < CEPS; c++) {
          const x = m.data[row + c]!;
          sum[c - 1]! += x;
          sq[c - 1]! += x * x;
        }
      }
      const n = e - s;
      const v = new Float32Array(2 * dims);
      for (let c = 0; c < dims; c++) {
        const mean = sum[c]! / n;
        v[c] = mean;
        v[dims + c] = Math.sqrt(Math.max(0, sq[c]! / n - mean * mean));
      }
      this.windows.push({
        start: piece.start + (keep[s]! * HOP) / SR,
        end: piece.start + (keep[e - 1]! * HOP + FRAME) / SR,
        vector: v,
      });
    }
  }
}

export interface DiarizeOptions {
  /** Upper bound on speakers considered; default 10. */
  maxSpeakers?: number;
  /** Principal components of the standardised window vectors used for clustering; default 3. */
  dims?: number;
  /** Minimal Fisher (Mahalanobis) separation between two speakers' window means; default depends on the number of windows (see separationFloor). */
  minSeparation?: number;
  /** Lower bound of the automatic minimal separation; default 5. */
  separationFloor?: number;
  /** A speaker must hold at least this share of the windows; default 0.04. */
  minShare?: number;
  /** ... and at least this many windows; default 6. */
  minWindows?: number;
  /** Viterbi cost of a speaker change between neighbouring windows (in units of half squared Mahalanobis distance); default 6. */
  switchPenalty?: number;
  /** Windows used to build the dendrogram (more are subsampled evenly); default 1500. */
  maxClusterWindows?: number;
}

export interface DiarizationResult {
  speakerCount: number;
  /** One label per input segment ('Speaker 1', ...), numbered in order of first appearance. */
  labels: string[];
  /** Speaker index (0-based, same numbering as labels) per window, in input order. */
  windowSpeakers: number[];
}

type Vec = Float64Array;

/** Eigen-decomposition of a symmetric matrix (cyclic Jacobi); returns eigenvalues and eigenvectors (columns), sorted descending. */
function symmetricEigen(a0: Float64Array, d: number): { values: number[]; vectors: Float64Array } {
  const a = Float64Array.from(a0);
  const v = new Float64Array(d * d);
  for (let i = 0; i < d; i++) v[i * d + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < d; p++) for (let q = p + 1; q < d; q++) off += a[p * d + q]! ** 2;
    if (off < 1e-20) break;
    for (let p = 0; p < d; p++) {
      for (let q = p + 1; q < d; q++) {
        const apq = a[p * d + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * d + q]! - a[p * d + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < d; k++) {
          const akp = a[k * d + p]!;
          const akq = a[k * d + q]!;
          a[k * d + p] = c * akp - s * akq;
          a[k * d + q] = s * akp + c * akq;
        }
        for (let k = 0; k < d; k++) {
          const apk = a[p * d + k]!;
          const aqk = a[q * d + k]!;
          a[p * d + k] = c * apk - s * aqk;
          a[q * d + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < d; k++) {
          const vkp = v[k * d + p]!;
          const vkq = v[k * d + q]!;
          v[k * d + p] = c * vkp - s * vkq;
          v[k * d + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: d }, (_, i) => i).sort((i, j) => a[j * d + j]! - a[i * d + i]!);
  const vectors = new Float64Array(d * d);
  order.forEach((src, dst) => {
    for (let k = 0; k < d; k++) vectors[k * d + dst] = v[k * d + src]!;
  });
  return { values: order.map((i) => a[i * d + i]!), vectors };
}

/** Standardise every dimension, then project on the `dims` leading principal components. */
function standardiseAndProject(windows: SpeakerWindow[], dims: number): Vec[] {
  const n = windows.length;
  const d = windows[0]!.vector.length;
  const mean = new Float64Array(d);
  const sd = new Float64Array(d);
  for (const w of windows) for (let j = 0; j < d; j++) mean[j]! += w.vector[j]! / n;
  for (const w of windows) for (let j = 0; j < d; j++) sd[j]! += (w.vector[j]! - mean[j]!) ** 2 / n;
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j]!) + 1e-6;
  const z = windows.map((w) => {
    const x = new Float64Array(d);
    for (let j = 0; j < d; j++) x[j] = (w.vector[j]! - mean[j]!) / sd[j]!;
    return x;
  });
  const p = Math.min(dims, d);
  const cov = new Float64Array(d * d);
  for (const x of z) for (let a = 0; a < d; a++) for (let b = a; b < d; b++) cov[a * d + b]! += (x[a]! * x[b]!) / n;
  for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) cov[a * d + b] = cov[b * d + a]!;
  const { vectors } = symmetricEigen(cov, d);
  return z.map((x) => {
    const y = new Float64Array(p);
    for (let c = 0; c < p; c++) {
      let s = 0;
      for (let j = 0; j < d; j++) s += x[j]! * vectors[j * d + c]!;
      y[c] = s;
    }
    return y;
  });
}

function sqDist(a: Vec, b: Vec): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) {
    const t = a[j]! - b[j]!;
    s += t * t;
  }
  return s;
}

/** Average-linkage agglomerative clustering (nearest-neighbour chain, O(n²)); returns merges sorted by height. */
function averageLinkage(x: Vec[]): Array<{ a: number; b: number; h: number }> {
  const n = x.length;
  const dist = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const v = Math.sqrt(sqDist(x[i]!, x[j]!));
      dist[i * n + j] = v;
      dist[j * n + i] = v;
    }
  }
  const size = new Float64Array(n).fill(1);
  const active = new Uint8Array(n).fill(1);
  let activeCount = n;
  const merges: Array<{ a: number; b: number; h: number }> = [];
  const chain: number[] = [];
  while (activeCount > 1) {
    if (chain.length === 0) {
      for (let i = 0; i < n; i++) {
        if (active[i]) {
          chain.push(i);
          break;
        }
      }
    }
    const a = chain[chain.length - 1]!;
    const prev = chain.length >= 2 ? chain[chain.length - 2]! : -1;
    let b = -1;
    let best = Infinity;
    for (let k = 0; k < n; k++) {
      if (k === a || !active[k]) continue;
      const v = dist[a * n + k]!;
      if (v < best || (v === best && k === prev)) {
        best = v;
        b = k;
      }
    }
    if (b === prev) {
      chain.pop();
      chain.pop();
      merges.push({ a, b, h: best });
      // merge b into a (Lance-Williams update for average linkage)
      const na = size[a]!;
      const nb = size[b]!;
      for (let k = 0; k < n; k++) {
        if (!active[k] || k === a || k === b) continue;
        const v = (na * dist[a * n + k]! + nb * dist[b * n + k]!) / (na + nb);
        dist[a * n + k] = v;
        dist[k * n + a] = v;
      }
      size[a] = na + nb;
      active[b] = 0;
      activeCount--;
    } else {
      chain.push(b);
    }
  }
  merges.sort((p, q) => p.h - q.h);
  return merges;
}

/** Cluster labels (0..k-1, arbitrary order) when the dendrogram is cut into k clusters. */
function cut(n: number, merges: Array<{ a: number; b: number }>, k: number): Int32Array {
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (let m = 0; m < n - k && m < merges.length; m++) {
    const { a, b } = merges[m]!;
    parent[find(b)] = find(a);
  }
  const ids = new Map<number, number>();
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const r = find(i);
    if (!ids.has(r)) ids.set(r, ids.size);
    out[i] = ids.get(r)!;
  }
  return out;
}

interface Model {
  means: Vec[];
  /** Inverse of the shrunk pooled within-cluster covariance. */
  inv: Float64Array;
  d: number;
}

/** Solve for the inverse of a symmetric positive definite matrix (Gauss-Jordan with partial pivoting). */
function invert(m: Float64Array, d: number): Float64Array {
  const a = Float64Array.from(m);
  const inv = new Float64Array(d * d);
  for (let i = 0; i < d; i++) inv[i * d + i] = 1;
  for (let c = 0; c < d; c++) {
    let p = c;
    for (let r = c + 1; r < d; r++) if (Math.abs(a[r * d + c]!) > Math.abs(a[p * d + c]!)) p = r;
    if (p !== c) {
      for (let k = 0; k < d; k++) {
        let t = a[c * d + k]!;
        a[c * d + k] = a[p * d + k]!;
        a[p * d + k] = t;
        t = inv[c * d + k]!;
        inv[c * d + k] = inv[p * d + k]!;
        inv[p * d + k] = t;
      }
    }
    const piv = a[c * d + c]! || 1e-12;
    for (let k = 0; k < d; k++) {
      a[c * d + k]! /= piv;
      inv[c * d + k]! /= piv;
    }
    for (let r = 0; r < d; r++) {
      if (r === c) continue;
      const f = a[r * d + c]!;
      if (f === 0) continue;
      for (let k = 0; k < d; k++) {
        a[r * d + k]! -= f * a[c * d + k]!;
        inv[r * d + k]! -= f * inv[c * d + k]!;
      }
    }
  }
  return inv;
}

function fitModel(x: Vec[], labels: ArrayLike<number>, k: number): Model {
  const d = x[0]!.length;
  const means = Array.from({ length: k }, () => new Float64Array(d));
  const counts = new Float64Array(k);
  for (let i = 0; i < x.length; i++) {
    const c = labels[i]!;
    counts[c]!++;
    for (let j = 0; j < d; j++) means[c]![j]! += x[i]![j]!;
  }
  for (let c = 0; c < k; c++) for (let j = 0; j < d; j++) means[c]![j]! /= Math.max(1, counts[c]!);
  const cov = new Float64Array(d * d);
  for (let i = 0; i < x.length; i++) {
    const mu = means[labels[i]!]!;
    const xi = x[i]!;
    for (let p = 0; p < d; p++) {
      const dp = xi[p]! - mu[p]!;
      for (let q = p; q < d; q++) cov[p * d + q]! += dp * (xi[q]! - mu[q]!);
    }
  }
  const dof = Math.max(1, x.length - k);
  for (let p = 0; p < d; p++) {
    for (let q = p; q < d; q++) {
      cov[p * d + q]! /= dof;
      cov[q * d + p] = cov[p * d + q]!;
    }
  }
  // shrink towards the diagonal (and add a ridge) so that small samples stay well conditioned
  const alpha = Math.min(0.9, 0.1 + d / Math.max(1, x.length));
  let trace = 0;
  for (let p = 0; p < d; p++) trace += cov[p * d + p]!;
  const ridge = (1e-3 * trace) / d;
  for (let p = 0; p < d; p++) {
    for (let q = 0; q < d; q++) {
      cov[p * d + q] = p === q ? cov[p * d + q]! + ridge : (1 - alpha) * cov[p * d + q]!;
    }
  }
  return { means, inv: invert(cov, d), d };
}

function mahalanobis2(model: Model, a: Vec, b: Vec): number {
  const d = model.d;
  let s = 0;
  for (let p = 0; p < d; p++) {
    const dp = a[p]! - b[p]!;
    let row = 0;
    for (let q = 0; q < d; q++) row += model.inv[p * d + q]! * (a[q]! - b[q]!);
    s += dp * row;
  }
  return s;
}

/** Merge clusters smaller than the minimum into their nearest (by Euclidean distance of means); returns relabelled 0..k'-1. */
function absorbSmall(x: Vec[], labels: Int32Array, minSize: number): { labels: Int32Array; k: number } {
  let current = relabel(labels).labels;
  for (;;) {
    current = relabel(current).labels;
    let k = 0;
    for (const c of current) k = Math.max(k, c + 1);
    const counts = new Array<number>(k).fill(0);
    for (const c of current) counts[c]!++;
    const big = counts.map((c) => c >= minSize);
    const bigCount = big.filter(Boolean).length;
    if (bigCount === k || bigCount === 0) {
      return relabel(current);
    }
    const d = x[0]!.length;
    const means = Array.from({ length: k }, () => new Float64Array(d));
    for (let i = 0; i < x.length; i++)
      for (let j = 0; j < d; j++) means[current[i]!]![j]! += x[i]![j]! / counts[current[i]!]!;
    const next = Int32Array.from(current);
    for (let i = 0; i < x.length; i++) {
      if (big[current[i]!]) continue;
      let best = -1;
      let bestD = Infinity;
      for (let c = 0; c < k; c++) {
        if (!big[c]) continue;
        const v = sqDist(x[i]!, means[c]!);
        if (v < bestD) {
          bestD = v;
          best = c;
        }
      }
      next[i] = best;
    }
    current = next;
  }
}

function relabel(labels: ArrayLike<number>): { labels: Int32Array; k: number } {
  const ids = new Map<number, number>();
  const out = new Int32Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (!ids.has(l)) ids.set(l, ids.size);
    out[i] = ids.get(l)!;
  }
  return { labels: out, k: ids.size };
}

/** Smallest pairwise Fisher separation between clusters (Infinity with one cluster). */
function minPairSeparation(model: Model): { value: number; a: number; b: number } {
  let best = { value: Infinity, a: -1, b: -1 };
  const k = model.means.length;
  for (let a = 0; a < k; a++) {
    for (let b = a + 1; b < k; b++) {
      const v = Math.sqrt(mahalanobis2(model, model.means[a]!, model.means[b]!));
      if (v < best.value) best = { value: v, a, b };
    }
  }
  return best;
}

/** Viterbi over time-ordered windows: emission cost = ½ Mahalanobis², switch cost = penalty (scaled down across long gaps). */
function viterbi(
  x: Vec[],
  order: number[],
  times: Array<{ start: number; end: number }>,
  model: Model,
  penalty: number,
): Int32Array {
  const k = model.means.length;
  const n = order.length;
  const cost = new Float64Array(k);
  const back = new Int32Array(n * k);
  const labels = new Int32Array(x.length);
  let prevCost = new Float64Array(k);
  for (let t = 0; t < n; t++) {
    const i = order[t]!;
    for (let c = 0; c < k; c++) cost[c] = 0.5 * mahalanobis2(model, x[i]!, model.means[c]!);
    if (t === 0) {
      prevCost = Float64Array.from(cost);
      continue;
    }
    const gap = times[i]!.start - times[order[t - 1]!]!.end;
    const p = gap > 3 ? penalty / 3 : penalty;
    const next = new Float64Array(k);
    for (let c = 0; c < k; c++) {
      let best = Infinity;
      let arg = 0;
      for (let q = 0; q < k; q++) {
        const v = prevCost[q]! + (q === c ? 0 : p);
        if (v < best) {
          best = v;
          arg = q;
        }
      }
      next[c] = best + cost[c]!;
      back[t * k + c] = arg;
    }
    prevCost = next;
  }
  let c = 0;
  for (let q = 1; q < k; q++) if (prevCost[q]! < prevCost[c]!) c = q;
  for (let t = n - 1; t >= 0; t--) {
    labels[order[t]!] = c;
    c = back[t * k + c]!;
  }
  return labels;
}

/**
 * Assign speakers to segments. `windows` come from SpeakerFeatures; `segments` are the transcript
 * segments (seconds). The number of speakers is estimated from the data.
 */
export function diarize(
  windows: SpeakerWindow[],
  segments: Array<{ start: number; end: number }>,
  options: DiarizeOptions = {},
): DiarizationResult {
  const maxSpeakers = options.maxSpeakers ?? 10;
  const dims = options.dims ?? 3;
  const minShare = options.minShare ?? 0.04;
  const minWindowsOpt = options.minWindows ?? 6;
  const penalty = options.switchPenalty ?? 6;
  const maxClusterWindows = options.maxClusterWindows ?? 1500;

  const n = windows.length;
  if (n < 2 * minWindowsOpt) {
    return {
      speakerCount: segments.length ? 1 : 0,
      labels: segments.map(() => 'Speaker 1'),
      windowSpeakers: windows.map(() => 0),
    };
  }
  const x = standardiseAndProject(windows, dims);
  const minSize = Math.max(minWindowsOpt, Math.ceil(minShare * n));

  // Dendrogram on an even subsample when there are many windows.
  const step = Math.max(1, Math.ceil(n / maxClusterWindows));
  const sampleIdx: number[] = [];
  for (let i = 0; i < n; i += step) sampleIdx.push(i);
  const xs = sampleIdx.map((i) => x[i]!);
  const merges = averageLinkage(xs);
  // The separation that chance alone produces when one voice is split shrinks with the sample size
  // (measured on Gaussian and Student-t data run through this same procedure: ~4.8 at 25 windows,
  // ~3.5 at 112, ~2.8 at 400, 5 dimensions); require a margin above it, and never less than the floor.
  const minSeparation =
    options.minSeparation ?? Math.max(options.separationFloor ?? 5, 1.3 * (2.3 + 12 / Math.sqrt(xs.length)));
  const minSizeSample = Math.max(2, Math.ceil(minSize / step));

  // Stopping rule: the largest cut whose (non-tiny) clusters are all pairwise separated.
  let chosen: Int32Array = new Int32Array(xs.length);
  let chosenK = 1;
  for (let k = 2; k <= Math.min(maxSpeakers * 3, xs.length); k++) {
    const { labels, k: kk } = absorbSmall(xs, cut(xs.length, merges, k), minSizeSample);
    if (kk <= chosenK) continue;
    if (kk > maxSpeakers) break;
    const model = fitModel(xs, labels, kk);
    if (minPairSeparation(model).value >= minSeparation) {
      chosen = labels;
      chosenK = kk;
    }
  }

  let labels: Int32Array;
  let k = chosenK;
  if (k === 1) {
    labels = new Int32Array(n);
  } else {
    // Extend the sample's clustering to all windows, then re-segment with a Viterbi smoother.
    let model = fitModel(xs, chosen, k);
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => windows[a]!.start - windows[b]!.start);
    labels = viterbi(x, order, windows, model, penalty);
    for (let iter = 0; iter < 5; iter++) {
      const r = absorbSmall(x, labels, minSize);
      labels = r.labels;
      k = r.k;
      if (k === 1) break;
      model = fitModel(x, labels, k);
      const sep = minPairSeparation(model);
      if (sep.value < minSeparation) {
        // merge the closest pair and go on
        labels = relabel(labels.map((l) => (l === sep.b ? sep.a : l))).labels;
        k--;
        if (k === 1) break;
        model = fitModel(x, labels, k);
      }
      const next = viterbi(x, order, windows, model, penalty);
      let changed = 0;
      for (let i = 0; i < n; i++) if (next[i] !== labels[i]) changed++;
      labels = next;
      if (changed === 0) break;
    }
    const r = absorbSmall(x, labels, minSize);
    labels = r.labels;
    k = r.k;
  }

  // Segment labels by overlap with windows; segments without windows take the nearest window's speaker.
  const segSpeaker: number[] = [];
  const sortedWin = Array.from({ length: n }, (_, i) => i).sort((a, b) => windows[a]!.start - windows[b]!.start);
  let lo = 0;
  const segOrder = Array.from({ length: segments.length }, (_, i) => i).sort(
    (a, b) => segments[a]!.start - segments[b]!.start,
  );
  const raw = new Array<number>(segments.length).fill(0);
  for (const si of segOrder) {
    const seg = segments[si]!;
    while (lo < sortedWin.length && windows[sortedWin[lo]!]!.end < seg.start - 30) lo++;
    const votes = new Float64Array(k);
    let nearest = -1;
    let nearestGap = Infinity;
    for (let t = lo; t < sortedWin.length; t++) {
      const w = windows[sortedWin[t]!]!;
      if (w.start > seg.end + 30) break;
      const ov = Math.min(seg.end, w.end) - Math.max(seg.start, w.start);
      if (ov > 0) votes[labels[sortedWin[t]!]!]! += ov;
      const gap = Math.max(0, w.start - seg.end, seg.start - w.end);
      if (gap < nearestGap) {
        nearestGap = gap;
        nearest = labels[sortedWin[t]!]!;
      }
    }
    let best = -1;
    let bestV = 0;
    for (let c = 0; c < k; c++) {
      if (votes[c]! > bestV) {
        bestV = votes[c]!;
        best = c;
      }
    }
    raw[si] = best >= 0 ? best : Math.max(nearest, 0);
  }
  // Number speakers in order of first appearance.
  const rename = new Map<number, number>();
  for (const si of segOrder) {
    const c = raw[si]!;
    if (!rename.has(c)) rename.set(c, rename.size);
  }
  for (let c = 0; c < k; c++) if (!rename.has(c)) rename.set(c, rename.size);
  for (let si = 0; si < segments.length; si++) segSpeaker[si] = rename.get(raw[si]!)!;
  const used = new Set(segSpeaker);
  return {
    speakerCount: segments.length ? used.size : k,
    labels: segSpeaker.map((c) => `Speaker ${c + 1}`),
    windowSpeakers: Array.from(labels, (l) => rename.get(l)!),
  };
}
