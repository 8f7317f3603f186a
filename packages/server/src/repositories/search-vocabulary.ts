import type { Db } from '../db/database.ts';
import { phoneticKeysOfWord } from '../search/phonetic.ts';
import { words } from '../search/query-parser.ts';

// Each user's vocabulary: the distinct words of their transcripts, with their sounds. Misspellings and
// sound-alikes are looked up here (a few thousand words) rather than across every segment, and then
// searched for in the word index. Words are only added: a word no segment uses any more nominates
// nothing, because the word index is asked next.

const MIN_WORD_LENGTH = 2;
const MAX_WORD_LENGTH = 40;
const BATCH = 500;

/** Adds the words of `texts` to the user's vocabulary, in the caller's transaction. */
export async function indexWords(trx: Db, userId: string, texts: string[]): Promise<void> {
  const distinct = new Set<string>();
  for (const text of texts) {
    for (const word of words(text, Number.POSITIVE_INFINITY)) {
      if (word.length >= MIN_WORD_LENGTH && word.length <= MAX_WORD_LENGTH) distinct.add(word);
    }
  }
  const all = [...distinct];
  for (let i = 0; i < all.length; i += BATCH) {
    const chunk = all.slice(i, i + BATCH);
    await trx
      .insertInto('search_vocabulary')
      .values(chunk.map((word) => ({ user_id: userId, word })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const sounds = chunk.flatMap((word) => phoneticKeysOfWord(word).map((sound) => ({ user_id: userId, sound, word })));
    for (let j = 0; j < sounds.length; j += BATCH) {
      await trx
        .insertInto('search_vocabulary_sounds')
        .values(sounds.slice(j, j + BATCH))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}
