import { Migrator } from 'kysely/migration';
import { loadConfig } from '../../src/config.ts';
import { createDb, type Db } from '../../src/db/database.ts';
import { MIGRATIONS } from '../../src/db/migrate.ts';
import { freshDatabaseUrl, tempDataDir } from './database.ts';

/**
 * A fresh database (SQLite, or PostgreSQL when the suite runs on it) migrated with every migration but
 * `left`: the data a migration test stores before running the rest with `migrateToLatest`. `close`
 * ends the connection and drops the database.
 */
export async function databaseBefore(left: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const database = await freshDatabaseUrl();
  const config = loadConfig({ DATA_DIR: tempDataDir(), ...(database.url ? { DATABASE_URL: database.url } : {}) });
  const { db } = createDb(config.database, (error) => {
    throw error;
  });
  const { [left]: _left, ...before } = MIGRATIONS;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before },
    migrationTableName: 'parley_migrations',
    migrationLockTableName: 'parley_migration_lock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return {
    db,
    close: async () => {
      await db.destroy();
      await database.drop();
    },
  };
}

/** A user row as the migrations before the one under test know it (the columns of 001-028). */
export async function insertUser(db: Db, id: string, name = 'Ada') {
  const now = new Date().toISOString();
  await (db as any)
    .insertInto('users')
    .values({
      id,
      name,
      email: `${name.toLowerCase()}@example.com`,
      password_hash: null,
      tier: 'free',
      session_version: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
