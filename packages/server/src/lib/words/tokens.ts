// What counts as a word, for the search index and for queries alike: a run of letters and digits of any
// script, lower-cased. The vocabulary (written with the segments) and the query parser (reading) must
// agree on it, so it is said once, here.

const WORD = /[\p{L}\p{N}]+/gu;

/** The lower-cased words of a text, at most `max` of them. */
export function words(text: string, max = Number.POSITIVE_INFINITY): string[] {
  return (text.toLowerCase().match(WORD) ?? []).slice(0, max);
}
