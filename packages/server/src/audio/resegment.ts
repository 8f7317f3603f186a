/** Re-segmentation: a Viterbi pass over time-ordered windows under the Gaussian speaker model. */
import { type Model, mahalanobis2 } from './clustering.ts';
import type { Vec } from './linalg.ts';

/** Viterbi over time-ordered windows: emission cost = ½ Mahalanobis², switch cost = penalty (scaled down across long gaps). */
export function viterbi(
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
