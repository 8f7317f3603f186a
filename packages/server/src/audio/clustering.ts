/**
 * Clustering of speaker windows: standardisation and projection, average-linkage agglomerative
 * clustering, the Gaussian speaker model (means, shared covariance), and the helpers the stopping
 * rule and re-segmentation use (folding tiny clusters, Fisher separation).
 */

import { invert, sqDist, symmetricEigen, type Vec } from './linalg.ts';
import type { SpeakerWindow } from './speaker-features.ts';

/** Standardise every dimension, then project on the `dims` leading principal components. */
export function standardiseAndProject(windows: SpeakerWindow[], dims: number): Vec[] {
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

/** Average-linkage agglomerative clustering (nearest-neighbour chain, O(n²)); returns merges sorted by height. */
export function averageLinkage(x: Vec[]): Array<{ a: number; b: number; h: number }> {
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
export function cut(n: number, merges: Array<{ a: number; b: number }>, k: number): Int32Array {
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

export interface Model {
  means: Vec[];
  /** Inverse of the shrunk pooled within-cluster covariance. */
  inv: Float64Array;
  d: number;
}

export function fitModel(x: Vec[], labels: ArrayLike<number>, k: number): Model {
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

export function mahalanobis2(model: Model, a: Vec, b: Vec): number {
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
export function absorbSmall(x: Vec[], labels: Int32Array, minSize: number): { labels: Int32Array; k: number } {
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

export function relabel(labels: ArrayLike<number>): { labels: Int32Array; k: number } {
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
export function minPairSeparation(model: Model): { value: number; a: number; b: number } {
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
