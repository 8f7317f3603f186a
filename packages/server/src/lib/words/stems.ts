import { stemmer } from 'stemmer';
import { memoByWord } from './memo.ts';

/** A lower-case word's stem (Porter): the search matches a word by it, and a contact's name by the stored stems. */
export const stemOf = memoByWord(stemmer);
