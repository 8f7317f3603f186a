import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createDb } from '../../src/db/database.ts';
import { freshDatabaseUrl, tempDataDir } from '../helpers/database.ts';

// A PostgreSQL integration run once exited 1 with every test passing: a test database was dropped
// while a pool still held an idle connection, and the pool's unhandled 'error' event failed the run
// with nothing but pg deprecation warnings to show for it.

async function openDatabase() {
  const database = await freshDatabaseUrl();
  const config = loadConfig({ DATA_DIR: tempDataDir(), ...(database.url ? { DATABASE_URL: database.url } : {}) });
  const lost: Error[] = [];
  const { db, kind } = createDb(config.database, (error) => lost.push(error));
  return { database, db, kind, lost, config };
}

describe('test databases', () => {
  it('are dropped cleanly once every connection is closed', async () => {
    const { database, db } = await openDatabase();
    await sql`select 1`.execute(db);
    await db.destroy();
    await expect(database.drop()).resolves.toBeUndefined();
  });
});

// These need a server whose connections can be cut: they exist in the PostgreSQL run only.
if (process.env.TEST_DB === 'postgres') {
  describe('PostgreSQL connections', () => {
    it('dropping a test database a pool still holds fails loudly, naming the connection', async () => {
      const { database, db, lost } = await openDatabase();
      await sql`select 1`.execute(db);
      await expect(database.drop()).rejects.toThrow(/still had 1 open connection\(s\).*pid \d+ \(idle: select 1\)/);
      // The pool hears its connection was cut, through the handler instead of an uncaught 'error' (the
      // notice comes from the server's side: waited for longer than expect.poll's default second).
      await expect.poll(() => lost.length, { timeout: 30_000 }).toBe(1);
      expect(lost[0]!.message).toMatch(/terminating connection/);
      await db.destroy();
    });

    it('an idle connection cut by the server is reported and the pool reconnects', async () => {
      const { database, db, lost, config } = await openDatabase();
      await sql`select 1`.execute(db);
      const admin = createDb(
        { kind: 'postgres', url: process.env.TEST_POSTGRES_URL! } as typeof config.database,
        (e) => {
          throw e;
        },
      ).db;
      const dbName = new URL(database.url!).pathname.slice(1);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${dbName}`.execute(admin);
      await admin.destroy();
      await expect.poll(() => lost.length, { timeout: 30_000 }).toBe(1);
      const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(db);
      expect(rows).toEqual([{ ok: 1 }]);
      await db.destroy();
      await database.drop();
    });
  });
}
