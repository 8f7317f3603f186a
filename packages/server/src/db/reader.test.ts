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

describe('the SQLite reader thread', () => {
  it('reads what the main connection committed, answers each statement, and fails one with its own message', async () => {
    const created = createDb({ kind: 'sqlite', file: join(tempDataDir(), 'parley.db') }, (error) => {
      throw error;
    });
    db = created.db;
    const reader = created.reader!;
    await sql`create table words (word text)`.execute(db);
    await sql`insert into words values ('remote'), ('remotely'), ('lunch')`.execute(db);
    const like = sql`select word from words where word like ${'remo%'} order by word`.compile(db);
    const [rows, again] = await Promise.all([reader.read(like), reader.read(like)]);
    expect(rows).toEqual([{ word: 'remote' }, { word: 'remotely' }]);
    expect(again).toEqual(rows);
    // Written after the reader's thread started: the next statement sees it.
    await sql`insert into words values ('remotest')`.execute(db);
    expect(await reader.read(like)).toHaveLength(3);
    await expect(reader.read({ sql: 'select word from nowhere', parameters: [] })).rejects.toThrow(
      'no such table: nowhere',
    );
    // The connection is read-only: the thread never writes.
    await expect(reader.read({ sql: "insert into words values ('x') returning word", parameters: [] })).rejects.toThrow(
      'attempt to write a readonly database',
    );
    expect(reader.stats().reads).toBe(5);
  });
});
