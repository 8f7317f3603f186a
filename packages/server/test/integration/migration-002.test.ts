import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createDb, type Db } from '../../src/db/database.ts';
import { MIGRATIONS, migrateToLatest } from '../../src/db/migrate.ts';
import { freshDatabaseUrl, tempDataDir } from '../helpers/database.ts';

// Data stored before 002-hardening: duplicate project names are renamed, not lost, so the new unique
// rule can hold (docs/decisions/042).
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await freshDatabaseUrl();
  drop = database.drop;
  const dataDir = tempDataDir();
  const config = loadConfig({ DATA_DIR: dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) });
  db = createDb(config.database, (error) => {
    throw error;
  }).db;
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const migrator = (migrations = MIGRATIONS) =>
  new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'parley_migrations',
    migrationLockTableName: 'parley_migration_lock',
  });

describe('migration 002-hardening', () => {
  it('renames later duplicates of a project name and keeps every project', async () => {
    const { error } = await migrator().migrateTo('001-initial');
    expect(error).toBeUndefined();
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
    const user = (id: string) => ({
      id,
      name: id,
      email: `${id}@example.com`,
      password_hash: null,
      tier: 'free',
      created_at: at(0),
      updated_at: at(0),
    });
    await (db as any)
      .insertInto('users')
      .values([user('u1'), user('u2')])
      .execute();
    const project = (id: string, user_id: string, name: string, n: number) => ({
      id,
      user_id,
      name,
      created_at: at(n),
      updated_at: at(n),
    });
    await (db as any)
      .insertInto('projects')
      .values([
        project('p1', 'u1', 'Sales', 1),
        project('p2', 'u1', 'sales ', 2),
        project('p3', 'u1', 'SALES', 3),
        project('p4', 'u1', 'Sales (2)', 0),
        project('p5', 'u2', 'Sales', 4),
      ])
      .execute();

    await migrateToLatest(db);

    const rows = await db.selectFrom('projects').select(['id', 'name']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'p1', name: 'Sales' },
      { id: 'p2', name: 'sales (3)' },
      { id: 'p3', name: 'SALES (4)' },
      { id: 'p4', name: 'Sales (2)' },
      { id: 'p5', name: 'Sales' },
    ]);
  });

  it('runs on a database that already ran a later-numbered migration from another branch', async () => {
    const { '002-hardening': _hardening, ...withoutHardening } = MIGRATIONS;
    const other = await freshDatabaseUrl();
    const config = loadConfig({ DATA_DIR: tempDataDir(), ...(other.url ? { DATABASE_URL: other.url } : {}) });
    const otherDb = createDb(config.database, (error) => {
      throw error;
    }).db;
    try {
      const early = new Migrator({
        db: otherDb,
        provider: { getMigrations: async () => withoutHardening },
        migrationTableName: 'parley_migrations',
        migrationLockTableName: 'parley_migration_lock',
      });
      expect((await early.migrateToLatest()).error).toBeUndefined();
      await migrateToLatest(otherDb);
      const applied = await (otherDb as any).selectFrom('parley_migrations').select('name').execute();
      expect(applied.map((r: { name: string }) => r.name).sort()).toEqual(Object.keys(MIGRATIONS).sort());
    } finally {
      await otherDb.destroy();
      await other.drop();
    }
  });
});
