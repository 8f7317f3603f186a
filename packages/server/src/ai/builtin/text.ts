// Text helpers for the offline engine: spoken-language clean-up, sentences with their times, and
// content words for similarity. English only; other languages still work, with weaker filtering.

import { displaySpeaker } from '../people-match.ts';
import type { NotesSegment } from '../types.ts';

export interface Sentence {
  index: number;
  /** Cleaned text (fillers and stutters removed), as shown in notes. */
  text: string;
  speaker: string;
  personId: string | null;
  startMs: number;
  /** Position of the segment in the meeting, to find neighbours and the next speaker. */
  segmentIndex: number;
  /** Stemmed content words. */
  terms: string[];
}

const FILLERS =
  /\b(?:u+m+|u+h+m*|e+r+m*|h+m+|mm+-?hmm|mm+|a+h+|o+h+|uh-huh|you know|i mean|sort of|kind of)\b[,.]?\s*/gi;
const STUTTER = /\b(\w+)(?:[\s,]+\1\b)+/gi;
const FALSE_START = /\b\w+-\s+/g;

export function cleanSpoken(text: string): string {
  return text
    .replace(FILLERS, '')
    .replace(FALSE_START, '')
    .replace(STUTTER, '$1')
    .replace(/\s+([,.?!])/g, '$1')
    .replace(/([,.?!]){2,}/g, '$1')
    .replace(/^[\s,.]+/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

export const STOPWORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below
between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for
from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his
how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my myself no nor not of
off on once only or other ought our ours ourselves out over own same shan't she she'd she'll she's should shouldn't so
some such than that that's the their theirs them themselves then there there's these they they'd they'll they're
they've this those through to too under until up very was wasn't we we'd we'll we're we've were weren't what what's
when when's where where's which while who who's whom why why's with won't would wouldn't you you'd you'll you're you've
your yours yourself yourselves okay ok yeah yes yep no nope right well just like really actually basically so oh uh um
gonna wanna gotta got get gets getting go going goes went thing things stuff something anything everything lot lots bit
think thought know knew mean guess maybe probably sure mm hmm alright anyway whatever kinda sorta one two also still
even much many quite pretty say said says see look let us now then there here way want need make made come take put
could would should might must will shall may can`.split(/\s+/),
);

/** A meeting says the same few thousand words over and over: each is stemmed once (bounded cache). */
const stems = new Map<string, string>();
const MAX_CACHED_STEMS = 50_000;

/** A light suffix stripper: enough to match "button" and "buttons", "design" and "designing". */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = stripSuffixes(word);
    if (stems.size >= MAX_CACHED_STEMS) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

function stripSuffixes(word: string): string {
  return word
    .replace(/(?:ies)$/, 'y')
    .replace(/(?:sses)$/, 'ss')
    .replace(/(?<![su])s$/, '')
    .replace(/(?:ingly|edly|ing|ed|ly)$/, (suffix, offset: number) => (offset >= 3 ? '' : suffix))
    .replace(/(.)\1$/, '$1');
}

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9][a-z0-9'-]*/g) ?? [];
}

export function contentTerms(text: string): string[] {
  return words(text)
    .filter((w) => w.length > 2 && !STOPWORDS.has(w) && !/^\d+$/.test(w))
    .map(stem);
}

/**
 * Splits segments into sentences. A sentence's time is interpolated inside its segment by character
 * position, so a link lands near the words rather than at the start of a long turn.
 */
export function toSentences(segments: NotesSegment[]): Sentence[] {
  const sentences: Sentence[] = [];
  segments.forEach((segment, segmentIndex) => {
    const raw = segment.text.trim();
    if (!raw) return;
    const parts = raw.match(/[^.?!]+(?:[.?!]+|$)/g) ?? [raw];
    let offset = 0;
    const span = Math.max(0, segment.endMs - segment.startMs);
    for (const part of parts) {
      const position = raw.indexOf(part, offset);
      offset = position + part.length;
      const text = cleanSpoken(part);
      if (!text) continue;
      sentences.push({
        index: sentences.length,
        text: capitalise(text),
        speaker: displaySpeaker(segment),
        personId: segment.personId,
        startMs: Math.round(segment.startMs + (span * Math.max(0, position)) / Math.max(1, raw.length)),
        segmentIndex,
        terms: contentTerms(text),
      });
    }
  });
  return sentences;
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
