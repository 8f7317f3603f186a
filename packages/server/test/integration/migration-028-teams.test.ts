import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createDb, type Db } from '../../src/db/database.ts';
import { MIGRATIONS, migrateToLatest } from '../../src/db/migrate.ts';
import { freshDatabaseUrl, tempDataDir } from '../helpers/database.ts';

// Data stored before 028-teams: every project keeps working, its creator its owner member; the oldest
// account becomes the instance's admin (docs/decisions/220, 221).
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await freshDatabaseUrl();
  drop = database.drop;
  const config = loadConfig({ DATA_DIR: tempDataDir(), ...(database.url ? { DATABASE_URL: database.url } : {}) });
  db = createDb(config.database, (error) => {
    throw error;
  }).db;
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

describe('migration 028-teams', () => {
  it('makes each project’s creator its owner member and the oldest account the admin', async () => {
    const { '028-teams': _teams, ...before } = MIGRATIONS;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => before },
      migrationTableName: 'parley_migrations',
      migrationLockTableName: 'parley_migration_lock',
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
    const user = (id: string, n: number) => ({
      id,
      name: id,
      email: `${id}@example.com`,
      password_hash: null,
      tier: 'free',
      session_version: 0,
      created_at: at(n),
      updated_at: at(n),
    });
    await (db as any)
      .insertInto('users')
      .values([user('newer', 5), user('oldest', 1), user('middle', 3)])
      .execute();
    const project = (id: string, user_id: string, n: number) => ({
      id,
      user_id,
      name: id,
      name_key: id,
      created_at: at(n),
      updated_at: at(n),
    });
    await (db as any)
      .insertInto('projects')
      .values([project('p1', 'oldest', 10), project('p2', 'middle', 11), project('p3', 'middle', 12)])
      .execute();

    await migrateToLatest(db);

    const members = await db
      .selectFrom('project_members')
      .select(['project_id', 'user_id', 'role', 'added_at'])
      .orderBy('project_id')
      .execute();
    expect(members).toEqual([
      { project_id: 'p1', user_id: 'oldest', role: 'owner', added_at: at(10) },
      { project_id: 'p2', user_id: 'middle', role: 'owner', added_at: at(11) },
      { project_id: 'p3', user_id: 'middle', role: 'owner', added_at: at(12) },
    ]);
    const users = await db.selectFrom('users').select(['id', 'role', 'disabled']).orderBy('id').execute();
    expect(users.map((u) => ({ ...u, disabled: Number(u.disabled) }))).toEqual([
      { id: 'middle', role: 'user', disabled: 0 },
      { id: 'newer', role: 'user', disabled: 0 },
      { id: 'oldest', role: 'admin', disabled: 0 },
    ]);
  });
});
