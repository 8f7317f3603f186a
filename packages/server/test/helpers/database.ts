import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Runs one statement on the admin database of the test PostgreSQL server. */
async function asAdmin<T extends pg.QueryResultRow>(admin: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: admin });
  // A connection error surfaces through connect()/query(); this only keeps a late one from being uncaught.
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file: a new SQLite file, or, when the suite runs against PostgreSQL
 * (TEST_DB=postgres), a new database on the server the test command started.
 *
 * drop() refuses to hide a leak: a pool or client still connected when the test is over would be cut
 * off by the drop and raise an 'error' nobody listens to, which used to fail the whole run after every
 * test had passed (the only visible trace: pg's "Client.activeQuery is deprecated" warnings). It throws
 * instead, naming the connections, after dropping the database anyway.
 */
export async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { url: undefined, drop: async () => {} };
  const admin = process.env.TEST_POSTGRES_URL;
  if (!admin) throw new Error('TEST_DB=postgres needs TEST_POSTGRES_URL (scripts/test.sh starts a server and sets it)');
  const name = `parley_test_${Math.random().toString(36).slice(2, 10)}`;
  await asAdmin(admin, `create database ${name}`);
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    drop: async () => {
      const open = await connectionsStillOpen(admin, name);
      await asAdmin(admin, `drop database if exists ${name} with (force)`);
      if (open.length > 0) {
        const list = open.map((c) => `pid ${c.pid} (${c.state}: ${c.query.slice(0, 80)})`).join('; ');
        throw new Error(
          `Test database ${name} still had ${open.length} open connection(s) when the test dropped it: ${list}. ` +
            'Close every pool and client (ctx.close(), db.destroy(), worker.stop()) before dropping the database.',
        );
      }
    },
  };
}

/**
 * Client connections to the database, given a moment to go: a process that was just killed has closed
 * its socket, but the server takes a few milliseconds to notice.
 */
async function connectionsStillOpen(admin: string, name: string) {
  const deadline = Date.now() + 3000;
  for (;;) {
    const open = await asAdmin<{ pid: number; state: string; query: string }>(
      admin,
      "select pid, state, query from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()",
      [name],
    );
    if (open.length === 0 || Date.now() > deadline) return open;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function tempDataDir(prefix = 'parley-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
