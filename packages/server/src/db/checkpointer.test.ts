import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../test/helpers/database.ts';
import { createDb, type Db } from './database.ts';

let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

describe('the SQLite checkpointer thread', () => {
  it('copies committed writes into the database file, which the COMMIT itself no longer does', async () => {
    const file = join(tempDataDir(), 'parley.db');
    db = createDb({ kind: 'sqlite', file }, (error) => {
      throw error;
    }).db;
    await sql`create table filler (text text)`.execute(db);
    const before = statSync(file).size;
    // ~8 MB in autocommitted statements: far past the 1,000 pages at which a COMMIT used to checkpoint.
    const text = 'x'.repeat(4000);
    for (let i = 0; i < 20; i++) {
      await sql`insert into filler with recursive n(i) as (select 1 union all select i + 1 from n where i < 100)
        select ${text} from n`.execute(db);
    }
    expect(Number((await sql<{ n: number }>`select count(*) as n from filler`.execute(db)).rows[0]!.n)).toBe(2000);
    // The main connection's COMMITs leave the log as it is: only the thread grows the file.
    const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(autocheckpoint.rows[0]!.wal_autocheckpoint).toBe(0);
    await expect
      .poll(() => statSync(file).size, { timeout: 10_000, interval: 100 })
      .toBeGreaterThan(before + 7_000_000);
  });
});
