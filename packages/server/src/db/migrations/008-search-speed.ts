import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { countWords, eachSegmentBatch } from '../../repositories/search-vocabulary.ts';
import type { Db } from '../database.ts';

// How many of its owner's segments each vocabulary word has been written in (docs/decisions/065). A word
// said thousands of times is a word of its own, not a misspelling or a sound-alike of another: the
// fuzzy and phonetic retrievers stop offering it, and with it the longest lists they would merge.
// The count only grows (like the vocabulary): an edit or a delete leaves it as it was.
// PostgreSQL: the GIN indexes write through (fastupdate off). With the default pending list (up to 4 MB
// of recent entries) every search scanned the pending list whole, linearly, before using the index:
// 17,500 pending entries doubled the index scan of a common word on the bench library.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('search_vocabulary')
    .addColumn('segments', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await backfillCounts(db as Db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const index of ['transcriptions_search_words', 'search_vocabulary_trigram']) {
      await sql`alter index ${sql.raw(index)} set (fastupdate = off)`.execute(db);
      await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
    }
  }
}

/** Segments written before this migration: their words are counted per user, then stored. */
async function backfillCounts(db: Db) {
  const counts = new Map<string, Map<string, number>>();
  await eachSegmentBatch(db, (rows) => {
    for (const row of rows) {
      const ofUser = counts.get(row.user_id) ?? new Map<string, number>();
      for (const [word, n] of countWords([row.text])) ofUser.set(word, (ofUser.get(word) ?? 0) + n);
      counts.set(row.user_id, ofUser);
    }
  });
  for (const [userId, words] of counts) {
    for (const [word, n] of words) {
      await db
        .updateTable('search_vocabulary')
        .set({ segments: n })
        .where('user_id', '=', userId)
        .where('word', '=', word)
        .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const index of ['transcriptions_search_words', 'search_vocabulary_trigram']) {
      await sql`alter index ${sql.raw(index)} reset (fastupdate)`.execute(db);
    }
  }
  await sql`alter table search_vocabulary drop column segments`.execute(db);
}
