import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { nextTurn } from '../../lib/next-turn.ts';
import { phoneticKeysOfWord } from '../../lib/words/phonetic.ts';
import { words } from '../../lib/words/tokens.ts';

// The search index (docs/decisions/060-search-index.md).
// - Words: SQLite an FTS5 table over the segments' text (unicode61 with porter stemming), kept in step by
//   triggers; PostgreSQL a generated tsvector column ('english') with a GIN index.
// - Vocabulary: each user's distinct words with a trigram index (FTS5 trigram / pg_trgm) for misspellings
//   and partial words, and their Double Metaphone sounds for names spelt by ear. The repository adds to it
//   in the transaction that writes the segments.
// The backfill's SQL is written here as it was when this migration was (docs/decisions/113): later changes
// to the repository do not change what this migration did. Words and sounds come from lib/words, the
// rules today's search reads the vocabulary with.

/** The tables as this migration knows them. */
interface Tables {
  transcriptions: { id: string; user_id: string; text: string };
  search_vocabulary: { user_id: string; word: string };
  search_vocabulary_sounds: { user_id: string; sound: string; word: string };
}

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
  await backfillVocabulary(db as Kysely<Tables>);
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

const MIN_WORD_LENGTH = 2;
const MAX_WORD_LENGTH = 40;
const BATCH = 500;

/** Segments written before this migration: their words join their owners' vocabularies. */
async function backfillVocabulary(db: Kysely<Tables>) {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('transcriptions')
      .select(['id', 'user_id', 'text'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(2000)
      .execute();
    if (rows.length === 0) return;
    const byUser = new Map<string, Set<string>>();
    for (const row of rows) {
      const vocabulary = byUser.get(row.user_id) ?? new Set<string>();
      for (const word of words(row.text, Number.POSITIVE_INFINITY)) {
        if (word.length >= MIN_WORD_LENGTH && word.length <= MAX_WORD_LENGTH) vocabulary.add(word);
      }
      byUser.set(row.user_id, vocabulary);
    }
    for (const [userId, vocabulary] of byUser) await addWords(db, userId, [...vocabulary]);
    after = rows.at(-1)?.id ?? after;
  }
}

/** The words and their sounds, a batch at a time with a turn of the event loop between. */
async function addWords(db: Kysely<Tables>, userId: string, all: string[]) {
  for (let i = 0; i < all.length; i += BATCH) {
    await nextTurn();
    const chunk = all.slice(i, i + BATCH);
    await db
      .insertInto('search_vocabulary')
      .values(chunk.map((word) => ({ user_id: userId, word })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const sounds = chunk.flatMap((word) => phoneticKeysOfWord(word).map((sound) => ({ user_id: userId, sound, word })));
    for (let j = 0; j < sounds.length; j += BATCH) {
      await db
        .insertInto('search_vocabulary_sounds')
        .values(sounds.slice(j, j + BATCH))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
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
