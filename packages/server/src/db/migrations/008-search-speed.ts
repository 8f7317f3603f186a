import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { words } from '../../lib/words/tokens.ts';

// How many of its owner's segments each vocabulary word has been written in (docs/decisions/065). A word
// said thousands of times is a word of its own, not a misspelling or a sound-alike of another: the
// fuzzy and phonetic retrievers stop offering it, and with it the longest lists they would merge.
// The count only grows (like the vocabulary): an edit or a delete leaves it as it was.
// PostgreSQL: the GIN indexes write through (fastupdate off). With the default pending list (up to 4 MB
// of recent entries) every search scanned the pending list whole, linearly, before using the index:
// 17,500 pending entries doubled the index scan of a common word on the bench library.
// The backfill's SQL is written here as it was when this migration was (docs/decisions/113).

/** The tables as this migration knows them. */
interface Tables {
  transcriptions: { id: string; user_id: string; text: string };
  search_vocabulary: { user_id: string; word: string; segments: number };
}

const MIN_WORD_LENGTH = 2;
const MAX_WORD_LENGTH = 40;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('search_vocabulary')
    .addColumn('segments', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await backfillCounts(db as Kysely<Tables>);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const index of ['transcriptions_search_words', 'search_vocabulary_trigram']) {
      await sql`alter index ${sql.raw(index)} set (fastupdate = off)`.execute(db);
      await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
    }
  }
}

/** Segments written before this migration: their words are counted per user, then stored. */
async function backfillCounts(db: Kysely<Tables>) {
  const counts = new Map<string, Map<string, number>>();
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('transcriptions')
      .select(['id', 'user_id', 'text'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(2000)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const ofUser = counts.get(row.user_id) ?? new Map<string, number>();
      for (const word of new Set(words(row.text, Number.POSITIVE_INFINITY))) {
        if (word.length >= MIN_WORD_LENGTH && word.length <= MAX_WORD_LENGTH)
          ofUser.set(word, (ofUser.get(word) ?? 0) + 1);
      }
      counts.set(row.user_id, ofUser);
    }
    after = rows.at(-1)?.id ?? after;
  }
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
