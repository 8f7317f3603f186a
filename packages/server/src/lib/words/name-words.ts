import { stemOf } from './stems.ts';

// A contact's name as the search's word matcher reads it (search/word-match.ts), kept beside the name so
// the name lookup is one indexed-by-owner SQL filter on both databases (decision 291): its words
// lower-cased, and their stems, each list space-separated with a space at both ends, so a word, a stem
// or the start of a word is found by `like '% word %'` / `like '% word%'`. Stems are Porter's, which SQL
// does not have: computed here, on every write of a name and by migration 031 for the names before it.

const WORD = /[\p{L}\p{N}]+/gu;

export interface NameWords {
  name_words: string;
  name_stems: string;
}

export function nameWords(name: string): NameWords {
  // Each word lower-cased as found, like the matcher's highlights (not the whole name first).
  const words = [...name.matchAll(WORD)].map((m) => m[0].toLowerCase());
  return { name_words: ` ${words.join(' ')} `, name_stems: ` ${words.map(stemOf).join(' ')} ` };
}
