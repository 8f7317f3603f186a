import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { phoneticKeys } from '../../search/phonetic.ts';

// The search index (docs/decisions/060-search-index.md). SQLite: two FTS5 tables over the segments
// (words with porter stemming plus phonetic keys; trigrams for partial words and misspellings) kept in
// step by triggers. PostgreSQL: generated tsvector columns with GIN indexes plus a pg_trgm index. Both
// keep the phonetic keys in `transcriptions.phonetic_keys`, written by the repository with the text.

export const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transcriptions').addColumn('phonetic_keys', 'text').execute();
  await backfillPhoneticKeys(db);
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

async function backfillPhoneticKeys(db: Kysely<unknown>) {
  const typed = db as unknown as Kysely<{ transcriptions: { id: string; text: string; phonetic_keys: string | null } }>;
  for (;;) {
    const rows = await typed
      .selectFrom('transcriptions')
      .select(['id', 'text'])
      .where('phonetic_keys', 'is', null)
      .limit(1000)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      await typed
        .updateTable('transcriptions')
        .set({ phonetic_keys: phoneticKeys(row.text) })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

async function upSqlite(db: Kysely<unknown>) {
  // External-content tables: the text lives once, in `transcriptions`; the rowid links them.
  await sql`create virtual table transcriptions_fts using fts5(
    text, phonetic_keys, content='transcriptions', content_rowid='rowid',
    tokenize='porter unicode61 remove_diacritics 2')`.execute(db);
  await sql`create virtual table transcriptions_trigram using fts5(
    text, content='transcriptions', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`create trigger transcriptions_search_insert after insert on transcriptions begin
    insert into transcriptions_fts(rowid, text, phonetic_keys) values (new.rowid, new.text, new.phonetic_keys);
    insert into transcriptions_trigram(rowid, text) values (new.rowid, new.text);
  end`.execute(db);
  await sql`create trigger transcriptions_search_delete after delete on transcriptions begin
    insert into transcriptions_fts(transcriptions_fts, rowid, text, phonetic_keys)
      values ('delete', old.rowid, old.text, old.phonetic_keys);
    insert into transcriptions_trigram(transcriptions_trigram, rowid, text) values ('delete', old.rowid, old.text);
  end`.execute(db);
  await sql`create trigger transcriptions_search_update after update of text, phonetic_keys on transcriptions begin
    insert into transcriptions_fts(transcriptions_fts, rowid, text, phonetic_keys)
      values ('delete', old.rowid, old.text, old.phonetic_keys);
    insert into transcriptions_trigram(transcriptions_trigram, rowid, text) values ('delete', old.rowid, old.text);
    insert into transcriptions_fts(rowid, text, phonetic_keys) values (new.rowid, new.text, new.phonetic_keys);
    insert into transcriptions_trigram(rowid, text) values (new.rowid, new.text);
  end`.execute(db);
  await sql`insert into transcriptions_fts(transcriptions_fts) values ('rebuild')`.execute(db);
  await sql`insert into transcriptions_trigram(transcriptions_trigram) values ('rebuild')`.execute(db);
}

async function upPostgres(db: Kysely<unknown>) {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`alter table transcriptions
    add column search_words tsvector generated always as (to_tsvector('english', text)) stored,
    add column search_phonetic tsvector generated always as (to_tsvector('simple', coalesce(phonetic_keys, ''))) stored`.execute(
    db,
  );
  await sql`create index transcriptions_search_words on transcriptions using gin (search_words)`.execute(db);
  await sql`create index transcriptions_search_phonetic on transcriptions using gin (search_phonetic)`.execute(db);
  await sql`create index transcriptions_search_trigram on transcriptions using gin (text gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table transcriptions drop column search_words, drop column search_phonetic`.execute(db);
    await sql`drop index if exists transcriptions_search_trigram`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.raw(`transcriptions_search_${name}`)}`.execute(db);
    }
    await sql`drop table if exists transcriptions_fts`.execute(db);
    await sql`drop table if exists transcriptions_trigram`.execute(db);
  }
  await db.schema.alterTable('transcriptions').dropColumn('phonetic_keys').execute();
}
