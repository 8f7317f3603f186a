import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createDb } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import * as initial from '../../src/db/migrations/001-initial.ts';
import { phoneticKeysOfWord } from '../../src/lib/words/phonetic.ts';
import { indexWords } from '../../src/repositories/search-vocabulary.ts';
import { transcriptionsRepository } from '../../src/repositories/transcriptions.ts';
import { searchIndex, searchStore } from '../../src/search/index.ts';
import { freshDatabaseUrl, tempDataDir } from '../helpers/database.ts';

// Segments written before the search index existed must be found once the migrations have run.
const database = await freshDatabaseUrl();
const { db, kind } = createDb(
  database.url
    ? { kind: 'postgres', url: database.url }
    : { kind: 'sqlite', file: `${tempDataDir()}/before-search.db` },
  (error) => {
    throw error;
  },
);
afterAll(async () => {
  await db.destroy();
  // pg's pool.end() resolves before its sockets close; a forced drop would then kill a closing client.
  if (database.url) await untilNoConnections(database.url);
  await database.drop();
});

async function untilNoConnections(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
  await admin.connect();
  try {
    for (;;) {
      const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) return;
    }
  } finally {
    await admin.end();
  }
}

it('indexes the segments that existed before it', async () => {
  const before = new Migrator({
    db,
    provider: { getMigrations: async () => ({ '001-initial': initial }) },
    migrationTableName: 'parley_migrations',
    migrationLockTableName: 'parley_migration_lock',
  });
  expect((await before.migrateToLatest()).error).toBeUndefined();
  const at = new Date().toISOString();
  const stamps = { created_at: at, updated_at: at };
  await db
    .insertInto('users')
    .values({
      id: 'u1',
      name: 'Ann',
      email: 'a@b.c',
      password_hash: null,
      avatar: null,
      tier: 'free',
      monthly_duration_limit: null,
      max_file_size: null,
      ...stamps,
      // (the users table as 001-initial made it: no session_version yet)
    } as never)
    .execute();
  await db
    .insertInto('projects')
    .values({ id: 'p1', user_id: 'u1', name: 'P', description: null, ...stamps })
    .execute();
  await db
    .insertInto('meetings')
    .values({ id: 'm1', user_id: 'u1', project_id: 'p1', title: 'Old', recording_type: 'upload', ...stamps } as never)
    .execute();
  await db
    .insertInto('transcriptions')
    .values({
      id: 's1',
      user_id: 'u1',
      meeting_id: 'm1',
      speaker: 'Speaker 1',
      person_id: null,
      text: 'Shayla recorded the budget',
      is_edited: 0,
      start_ms: 0,
      end_ms: 1000,
      ...stamps,
    } as never)
    .execute();

  await migrateToLatest(db);

  const index = searchIndex({ db, kind, segments: transcriptionsRepository(db).findManyWithMeetings });
  const scope = { userId: 'u1', meetingId: 'm1' };
  for (const [q, retriever] of [
    ['recording', 'keyword'],
    ['budgte', 'fuzzy'],
    ['Sheila', 'phonetic'],
  ] as const) {
    const { hits } = await index.run(scope, q, 10);
    expect(
      hits.map((h) => h.id),
      q,
    ).toEqual(['s1']);
    expect(hits[0]?.matchedBy, q).toContain(retriever);
  }
});

it('counts the segments each word is in, and offers no common word as an alternative', async () => {
  // The segment written before the migrations was counted by 008's backfill.
  const count = (word: string) =>
    db
      .selectFrom('search_vocabulary')
      .select('segments')
      .where('user_id', '=', 'u1')
      .where('word', '=', word)
      .executeTakeFirstOrThrow();
  expect(await count('budget')).toEqual({ segments: 1 });
  // Later writes add to the count.
  await indexWords(db, 'u1', ['We shall see.', 'Shall we?', 'I shall, yes.', 'The budget.']);
  expect(await count('shall')).toEqual({ segments: 3 });
  expect(await count('budget')).toEqual({ segments: 2 });

  const store = searchStore(db, kind);
  const sheila = { term: 'sheila', pieces: null, sounds: phoneticKeysOfWord('sheila') };
  const sounding = async (commonAt: number) =>
    (await store.vocabulary({ userId: 'u1', projectId: 'p1' }, [sheila], 400, commonAt)).sounding.get('sheila')?.sort();
  expect(await sounding(3)).toEqual(['shall', 'shayla']);
  expect(await sounding(2)).toEqual(['shayla']);
});

it('makes the PostgreSQL word indexes write through (no pending list for searches to scan)', async () => {
  const options = async () => {
    if (kind !== 'postgres') return ['fastupdate=off', 'fastupdate=off']; // SQLite has no GIN indexes
    const { rows } = await sql<{ reloptions: string[] | null }>`select reloptions from pg_class
      where relname in ('transcriptions_search_words', 'search_vocabulary_trigram')`.execute(db);
    return rows.map((r) => r.reloptions?.join(',') ?? '');
  };
  expect(await options()).toEqual(['fastupdate=off', 'fastupdate=off']);
});
