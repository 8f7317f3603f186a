import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { eachSegmentBatch, indexWords } from '../../repositories/search-vocabulary.ts';
import type { Db } from '../database.ts';

// The search index (docs/decisions/060-search-index.md).
// - Words: SQLite an FTS5 table over the segments' text (unicode61 with porter stemming), kept in step by
//   triggers; PostgreSQL a generated tsvector column ('english') with a GIN index.
// - Vocabulary: each user's distinct words with a trigram index (FTS5 trigram / pg_trgm) for misspellings
//   and partial words, and their Double Metaphone sounds for names spelt by ear. The repository adds to it
//   in the transaction that writes the segments.

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_vocabulary')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('word', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_vocabulary_pk', ['user_id', 'word'])
    .execute();
  await db.schema
    .createTable('search_vocabulary_sounds')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sound', 'text', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_vocabulary_sounds_pk', ['user_id', 'sound', 'word'])
    .execute();

  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
  await backfillVocabulary(db as Db);
}

async function upSqlite(db: Kysely<unknown>) {
  // External content: the text lives once, in `transcriptions`; the rowid links the two. The meeting id
  // is indexed as a word too, so a search inside one meeting intersects with that meeting's short list
  // instead of filtering every match of the word in the library.
  await sql`create virtual table transcriptions_fts using fts5(
    text, meeting_id, content='transcriptions', content_rowid='rowid',
    tokenize='porter unicode61 remove_diacritics 2')`.execute(db);
  await sql`create trigger transcriptions_fts_insert after insert on transcriptions begin
    insert into transcriptions_fts(rowid, text, meeting_id) values (new.rowid, new.text, new.meeting_id);
  end`.execute(db);
  await sql`create trigger transcriptions_fts_delete after delete on transcriptions begin
    insert into transcriptions_fts(transcriptions_fts, rowid, text, meeting_id)
      values ('delete', old.rowid, old.text, old.meeting_id);
  end`.execute(db);
  await sql`create trigger transcriptions_fts_update after update of text, meeting_id on transcriptions begin
    insert into transcriptions_fts(transcriptions_fts, rowid, text, meeting_id)
      values ('delete', old.rowid, old.text, old.meeting_id);
    insert into transcriptions_fts(rowid, text, meeting_id) values (new.rowid, new.text, new.meeting_id);
  end`.execute(db);
  await sql`insert into transcriptions_fts(transcriptions_fts) values ('rebuild')`.execute(db);

  await sql`create virtual table search_vocabulary_trigram using fts5(
    word, content='search_vocabulary', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`create trigger search_vocabulary_trigram_insert after insert on search_vocabulary begin
    insert into search_vocabulary_trigram(rowid, word) values (new.rowid, new.word);
  end`.execute(db);
  await sql`create trigger search_vocabulary_trigram_delete after delete on search_vocabulary begin
    insert into search_vocabulary_trigram(search_vocabulary_trigram, rowid, word) values ('delete', old.rowid, old.word);
  end`.execute(db);
}

async function upPostgres(db: Kysely<unknown>) {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`alter table transcriptions
    add column search_words tsvector generated always as (to_tsvector('english', text)) stored`.execute(db);
  await sql`create index transcriptions_search_words on transcriptions using gin (search_words)`.execute(db);
  await sql`create index search_vocabulary_trigram on search_vocabulary using gin (word gin_trgm_ops)`.execute(db);
}

/** Segments written before this migration: their words join their owners' vocabularies. */
async function backfillVocabulary(db: Db) {
  await eachSegmentBatch(db, async (rows) => {
    const byUser = new Map<string, string[]>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.text]);
    for (const [userId, texts] of byUser) await indexWords(db, userId, texts, false);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table transcriptions drop column search_words`.execute(db);
  } else {
    for (const trigger of [
      'transcriptions_fts_insert',
      'transcriptions_fts_delete',
      'transcriptions_fts_update',
      'search_vocabulary_trigram_insert',
      'search_vocabulary_trigram_delete',
    ]) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table if exists transcriptions_fts`.execute(db);
    await sql`drop table if exists search_vocabulary_trigram`.execute(db);
  }
  await db.schema.dropTable('search_vocabulary_sounds').ifExists().execute();
  await db.schema.dropTable('search_vocabulary').ifExists().execute();
}
