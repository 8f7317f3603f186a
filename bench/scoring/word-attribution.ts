/**
 * Who said what, scored on words: of the reference words the recogniser got right, the share that sit
 * in a transcript segment labelled with the right speaker. DER scores speaker time; this scores what a
 * reader of the transcript sees (a word under the wrong name), for benchmarks.
 */
import { FILLERS, normalizeText } from './wer.ts';

export interface ReferenceWord {
  w: string;
  speaker: string;
}

export interface LabelledSegment {
  speaker: string;
  text: string;
}

export interface WordAttribution {
  /** Reference words (fillers out) that the alignment matched to the same hypothesis word. */
  matched: number;
  /** Of those, the ones whose segment's speaker is their reference speaker's mapped label. */
  attributed: number;
}

/**
 * Index pairs [reference, hypothesis] of the words a minimum-edit alignment matches exactly. Among
 * alignments of equal cost, the backtrace prefers a match, then a deletion.
 */
export function matchedWordPairs(ref: string[], hyp: string[]): Array<[number, number]> {
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
  const pairs: Array<[number, number]> = [];
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const same = ref[i - 1] === hyp[j - 1];
    if (d[i]![j] === d[i - 1]![j - 1]! + (same ? 0 : 1)) {
      if (same) pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (d[i]![j] === d[i - 1]![j]! + 1) i--;
    else j--;
  }
  return pairs.reverse();
}

/**
 * Word attribution of one recording. `mapping` is reference speaker → hypothesis label (the DER's
 * one-to-one mapping, so a label can stand for one person only). Fillers are left out on both sides,
 * as in the WER without fillers.
 */
export function wordAttribution(
  reference: ReferenceWord[],
  segments: LabelledSegment[],
  mapping: Record<string, string>,
): WordAttribution {
  const ref: Array<{ w: string; speaker: string }> = [];
  for (const word of reference) {
    for (const w of normalizeText(word.w)) if (!FILLERS.has(w)) ref.push({ w, speaker: word.speaker });
  }
  const hyp: Array<{ w: string; speaker: string }> = [];
  for (const s of segments) {
    for (const w of normalizeText(s.text)) if (!FILLERS.has(w)) hyp.push({ w, speaker: s.speaker });
  }
  const pairs = matchedWordPairs(
    ref.map((r) => r.w),
    hyp.map((h) => h.w),
  );
  let attributed = 0;
  for (const [i, j] of pairs) if (mapping[ref[i]!.speaker] === hyp[j]!.speaker) attributed++;
  return { matched: pairs.length, attributed };
}
