/**
 * Who said what, scored on words: of the reference words the recogniser got right, the share that sit
 * in a transcript segment labelled with the right speaker. DER scores speaker time; this scores what a
 * reader of the transcript sees (a word under the wrong name), for benchmarks.
 */
import { FILLERS, normalizeText } from './wer.ts';
import { alignWords } from './word-alignment.ts';

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
  return alignWords(ref, hyp)
    .filter((op) => op.kind === 'ok')
    .map((op): [number, number] => [op.ref!, op.hyp!]);
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
