import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A fresh database for one test file: a new SQLite file, or, when the suite runs against PostgreSQL
 * (TEST_DB=postgres), a new database on the server the test command started.
 */
export async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { url: undefined, drop: async () => {} };
  const admin = process.env.TEST_POSTGRES_URL;
  if (!admin) throw new Error('TEST_DB=postgres needs TEST_POSTGRES_URL (scripts/test.sh starts a server and sets it)');
  const name = `parley_test_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function tempDataDir(prefix = 'parley-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
