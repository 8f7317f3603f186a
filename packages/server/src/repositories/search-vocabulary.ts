import type { Db } from '../db/database.ts';
import { nextTurn } from '../lib/next-turn.ts';
import { phoneticKeysOfWord } from '../lib/words/phonetic.ts';
import { words } from '../lib/words/tokens.ts';

// Each user's vocabulary: the distinct words of their transcripts, with their sounds. Misspellings and
// sound-alikes are looked up here (a few thousand words) rather than across every segment, and then
// searched for in the word index. Words are only added: a word no segment uses any more nominates
// nothing, because the word index is asked next.

const MIN_WORD_LENGTH = 2;
const MAX_WORD_LENGTH = 40;
const BATCH = 500;
const COUNT_BATCH = 250;

/** Adds each vocabulary word of `texts` to `counts`, with the number of texts it is in. */
export function countWords(texts: string[], counts = new Map<string, number>()): Map<string, number> {
  for (const text of texts) {
    for (const word of new Set(words(text, Number.POSITIVE_INFINITY))) {
      if (word.length >= MIN_WORD_LENGTH && word.length <= MAX_WORD_LENGTH)
        counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return counts;
}

/** Adds the words of `texts` to the user's vocabulary, and counts them, in the caller's transaction. */
export async function indexWords(trx: Db, userId: string, texts: string[]): Promise<void> {
  // Counted a batch of texts at a time, with a turn of the event loop between: an import brings 10 MB.
  const counts = new Map<string, number>();
  for (let i = 0; i < texts.length; i += COUNT_BATCH) {
    if (i > 0) await nextTurn();
    countWords(texts.slice(i, i + COUNT_BATCH), counts);
  }
  await addToVocabulary(trx, userId, counts);
}

/** Adds counted words (countWords) to the user's vocabulary, 500 a statement with a turn between. */
export async function addToVocabulary(trx: Db, userId: string, counts: Map<string, number>): Promise<void> {
  const all = [...counts.keys()];
  for (let i = 0; i < all.length; i += BATCH) {
    await nextTurn();
    const chunk = all.slice(i, i + BATCH);
    await trx
      .insertInto('search_vocabulary')
      .values(chunk.map((word) => ({ user_id: userId, word, segments: counts.get(word) ?? 0 })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'word']).doUpdateSet({
          segments: (eb) => eb('search_vocabulary.segments', '+', eb.ref('excluded.segments')),
        }),
      )
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
