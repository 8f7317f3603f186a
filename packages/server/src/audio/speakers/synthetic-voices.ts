/** Synthetic "voices" for the unit tests of the speaker models: frames drawn from Gaussians. */
import { FEATURE_DIMS, GaussStats } from './gaussian.ts';

/** Deterministic pseudo-random normal numbers (Box-Muller over a linear congruential generator). */
export function normals(seed: number): () => number {
  let s = seed >>> 0;
  const uniform = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 2 ** 32;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** Statistics of n frames drawn around `mean` (unit variance per dimension). */
export function sample(n: number, mean: number[], seed: number): GaussStats {
  const r = normals(seed);
  const s = new GaussStats();
  const x = new Float64Array(FEATURE_DIMS);
  for (let i = 0; i < n; i++) {
    for (let d = 0; d < FEATURE_DIMS; d++) x[d] = (mean[d] ?? 0) + r();
    s.addFrame(x);
  }
  return s;
}

/** The mean of synthetic voice k: 0 for voice 0, otherwise up to ±5 (in units of the spread) per dimension, in a pattern of its own (as far apart as two real voices are in ΔBIC terms over ~1.5 s). */
export function voice(k: number): number[] {
  if (k === 0) return [];
  return Array.from({ length: FEATURE_DIMS }, (_, d) => (((d * 7 + k * 13) % 5) - 2) * 2.5 * (k % 2 ? 1 : -1));
}
