/**
 * Full-covariance Gaussian models of MFCC frames, kept as sufficient statistics (count, sum, sum of
 * outer products) so that speech can be summarised block by block while the recording streams and
 * segments or clusters can be merged by adding numbers, never by revisiting frames.
 *
 * The Bayesian information criterion (BIC) compares "one Gaussian for A and B together" with "one
 * each": ΔBIC = ½·(N·log|Σ_AB| − N_A·log|Σ_A| − N_B·log|Σ_B|) − λ·½·(d + d(d+1)/2)·log N.
 * ΔBIC > 0 says A and B are better described by two models (two speakers).
 */

/** Cepstral coefficients used: c1..c19 (c0, loudness, says little about who speaks). */
export const FEATURE_DIMS = 19;

/** Variance added to the diagonal so that short segments give well-conditioned covariances. */
const RIDGE = 1e-2;

export class GaussStats {
  n = 0;
  readonly sum: Float64Array;
  /** Upper triangle and diagonal of Σ x·xᵀ, row-major d×d (lower triangle unused). */
  readonly outer: Float64Array;
  readonly d: number;

  constructor(d: number = FEATURE_DIMS) {
    this.d = d;
    this.sum = new Float64Array(d);
    this.outer = new Float64Array(d * d);
  }

  /** Add one frame (d values starting at `offset`). */
  addFrame(x: ArrayLike<number>, offset = 0): void {
    const d = this.d;
    this.n++;
    for (let p = 0; p < d; p++) {
      const xp = x[offset + p]!;
      this.sum[p]! += xp;
      for (let q = p; q < d; q++) this.outer[p * d + q]! += xp * x[offset + q]!;
    }
  }

  add(other: GaussStats): this {
    this.n += other.n;
    for (let p = 0; p < this.d; p++) this.sum[p]! += other.sum[p]!;
    for (let i = 0; i < this.outer.length; i++) this.outer[i]! += other.outer[i]!;
    return this;
  }

  /** The same distribution as if it had been estimated from at most `maxFrames` frames. */
  capped(maxFrames: number): GaussStats {
    if (this.n <= maxFrames) return this;
    const f = maxFrames / this.n;
    const s = new GaussStats(this.d);
    s.n = maxFrames;
    for (let p = 0; p < this.d; p++) s.sum[p] = this.sum[p]! * f;
    for (let i = 0; i < this.outer.length; i++) s.outer[i] = this.outer[i]! * f;
    return s;
  }

  static merged(...parts: GaussStats[]): GaussStats {
    const s = new GaussStats(parts[0]?.d ?? FEATURE_DIMS);
    for (const p of parts) s.add(p);
    return s;
  }

  mean(): Float64Array {
    return this.sum.map((v) => v / Math.max(1, this.n));
  }

  /** Maximum-likelihood covariance (full, symmetric) plus the ridge. */
  covariance(): Float64Array {
    return covarianceOf(this.n, this.sum, this.outer, this.d, new Float64Array(this.d * this.d));
  }

  /** log |Σ| of the maximum-likelihood covariance. */
  logDet(): number {
    return choleskyLogDet(this.covariance(), this.d);
  }
}

/** GaussStats.covariance of statistics given as numbers, into `c` (d×d). */
function covarianceOf(n0: number, sum: Float64Array, outer: Float64Array, d: number, c: Float64Array): Float64Array {
  const n = Math.max(1, n0);
  for (let p = 0; p < d; p++) {
    const mp = sum[p]! / n;
    for (let q = p; q < d; q++) {
      const v = outer[p * d + q]! / n - mp * (sum[q]! / n) + (p === q ? RIDGE : 0);
      c[p * d + q] = v;
      c[q * d + p] = v;
    }
  }
  return c;
}

/** Cholesky factor L (lower, row-major) of a symmetric positive definite matrix, into `l` (a new one by default). */
export function cholesky(a: Float64Array, d: number, l: Float64Array = new Float64Array(d * d)): Float64Array {
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * d + j]!;
      for (let k = 0; k < j; k++) s -= l[i * d + k]! * l[j * d + k]!;
      if (i === j) l[i * d + i] = Math.sqrt(Math.max(s, 1e-12));
      else l[i * d + j] = s / l[j * d + j]!;
    }
  }
  return l;
}

function choleskyLogDet(a: Float64Array, d: number, l: Float64Array = new Float64Array(d * d)): number {
  cholesky(a, d, l);
  let s = 0;
  for (let i = 0; i < d; i++) s += 2 * Math.log(l[i * d + i]!);
  return s;
}

/** Working space of mergedLogDet, reused from pair to pair (one d at a time). */
let scratch: { d: number; sum: Float64Array; outer: Float64Array; c: Float64Array; l: Float64Array } | undefined;

/**
 * GaussStats.merged(a, b).logDet(), the same numbers in the same order, without allocating: the
 * clustering computes it for every pair of clusters it compares.
 */
function mergedLogDet(a: GaussStats, b: GaussStats): number {
  const d = a.d;
  if (scratch?.d !== d)
    scratch = {
      d,
      sum: new Float64Array(d),
      outer: new Float64Array(d * d),
      c: new Float64Array(d * d),
      l: new Float64Array(d * d),
    };
  const { sum, outer, c, l } = scratch;
  for (let p = 0; p < d; p++) {
    sum[p] = a.sum[p]! + b.sum[p]!;
    for (let q = p; q < d; q++) outer[p * d + q] = a.outer[p * d + q]! + b.outer[p * d + q]!;
  }
  return choleskyLogDet(covarianceOf(a.n + b.n, sum, outer, d, c), d, l);
}

/** Free parameters of a full-covariance Gaussian in d dimensions. */
export function gaussianParameters(d: number): number {
  return d + (d * (d + 1)) / 2;
}

/**
 * ΔBIC of modelling a and b separately rather than together (> 0: different speakers). The likelihood
 * gain grows with the amount of speech while the penalty grows with its logarithm only, so on long
 * recordings any small difference wins; two caps bound the evidence:
 * - `maxFrames`: each side weighs as if it held at most that many frames;
 * - `maxPairFrames`: both sides together weigh at most that many frames, each scaled by the same
 *   factor, so the pair keeps its proportions (a small cluster beside a large one stays small) and
 *   a long pair is judged like a short sample of the same two distributions: for long pairs this is
 *   a threshold on the per-frame log-likelihood ratio, whatever the length of the recording.
 */
export function deltaBic(
  a0: GaussStats,
  b0: GaussStats,
  lambda: number,
  maxFrames = Infinity,
  maxPairFrames = Infinity,
): number {
  const scale = Math.min(1, maxPairFrames / (a0.n + b0.n));
  return deltaBicOfSides(
    new BicSide(a0, Math.min(maxFrames, a0.n * scale)),
    new BicSide(b0, Math.min(maxFrames, b0.n * scale)),
    lambda,
  );
}

/**
 * One side of deltaBic: its statistics weighed as at most `maxFrames` frames, with N·log|Σ| worked
 * out once. A cluster compared with many others keeps its side (clustering.ts): only the pair's own
 * log-determinant is left to compute per pair.
 */
export class BicSide {
  readonly stats: GaussStats;
  readonly nLogDet: number;

  constructor(stats: GaussStats, maxFrames = Infinity) {
    this.stats = stats.capped(maxFrames);
    this.nLogDet = this.stats.n * this.stats.logDet();
  }
}

/** deltaBic of two sides as they are (already capped). */
export function deltaBicOfSides(a: BicSide, b: BicSide, lambda: number): number {
  const n = a.stats.n + b.stats.n;
  const gain = 0.5 * (n * mergedLogDet(a.stats, b.stats) - a.nLogDet - b.nLogDet);
  return gain - lambda * 0.5 * gaussianParameters(a.stats.d) * Math.log(n);
}

/** A Gaussian ready to score frames: mean, inverse covariance and log-determinant. */
export interface GaussModel {
  mean: Float64Array;
  inverse: Float64Array;
  logDet: number;
  d: number;
}

export function toModel(s: GaussStats): GaussModel {
  const d = s.d;
  const l = cholesky(s.covariance(), d);
  // inverse of L, then Σ⁻¹ = L⁻ᵀ L⁻¹
  const li = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    li[i * d + i] = 1 / l[i * d + i]!;
    for (let j = 0; j < i; j++) {
      let v = 0;
      for (let k = j; k < i; k++) v -= l[i * d + k]! * li[k * d + j]!;
      li[i * d + j] = v / l[i * d + i]!;
    }
  }
  const inverse = new Float64Array(d * d);
  for (let p = 0; p < d; p++) {
    for (let q = 0; q < d; q++) {
      let v = 0;
      for (let k = Math.max(p, q); k < d; k++) v += li[k * d + p]! * li[k * d + q]!;
      inverse[p * d + q] = v;
    }
  }
  let logDet = 0;
  for (let i = 0; i < d; i++) logDet += 2 * Math.log(l[i * d + i]!);
  return { mean: s.mean(), inverse, logDet, d };
}

/**
 * Average log-likelihood per frame of the frames summarised by `s` under `m` (the 2π constant left
 * out): −½·(log|Σ| + tr(Σ⁻¹·S)/n), S = Σ (x−μ)(x−μ)ᵀ computed from the statistics.
 */
export function frameLogLikelihood(s: GaussStats, m: GaussModel): number {
  if (s.n === 0) return 0;
  const d = m.d;
  let trace = 0;
  for (let p = 0; p < d; p++) {
    for (let q = 0; q < d; q++) {
      const outer = p <= q ? s.outer[p * d + q]! : s.outer[q * d + p]!;
      const scatter = outer - m.mean[p]! * s.sum[q]! - s.sum[p]! * m.mean[q]! + s.n * m.mean[p]! * m.mean[q]!;
      trace += m.inverse[q * d + p]! * scatter;
    }
  }
  return -0.5 * (m.logDet + trace / s.n);
}
