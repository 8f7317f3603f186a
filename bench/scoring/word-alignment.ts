/**
 * A minimum-edit alignment of reference and hypothesis words, as the WER counts it, with the edits
 * spelled out (which word was substituted, inserted, deleted), for benchmarks that ask where errors are.
 */

export interface WordOp {
  kind: 'ok' | 'sub' | 'ins' | 'del';
  /** Index in the reference (absent for an insertion). */
  ref?: number;
  /** Index in the hypothesis (absent for a deletion). */
  hyp?: number;
}

/** The edits in order. Among alignments of equal cost, the backtrace prefers a match or substitution, then a deletion. */
export function alignWords(ref: string[], hyp: string[]): WordOp[] {
  const n = ref.length;
  const m = hyp.length;
  const d = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = 0; i <= n; i++) d[i]![0] = i;
  for (let j = 0; j <= m; j++) d[0]![j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = ref[i - 1] === hyp[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + same);
    }
  }
  const ops: WordOp[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const same = i > 0 && j > 0 && ref[i - 1] === hyp[j - 1];
    if (i > 0 && j > 0 && d[i]![j] === d[i - 1]![j - 1]! + (same ? 0 : 1)) {
      ops.push({ kind: same ? 'ok' : 'sub', ref: i - 1, hyp: j - 1 });
      i--;
      j--;
    } else if (i > 0 && d[i]![j] === d[i - 1]![j]! + 1) ops.push({ kind: 'del', ref: --i });
    else ops.push({ kind: 'ins', hyp: --j });
  }
  return ops.reverse();
}
