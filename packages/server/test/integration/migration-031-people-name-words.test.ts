import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { databaseBefore, insertUser } from '../helpers/migration.ts';

// The names stored before 031 get their words and stems (decision 291), or the name lookup in SQL would
// find none of them; more than one page of them, so every page is written.
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await databaseBefore('031-people-name-words'));
});
afterAll(async () => {
  await close?.();
});

describe('migration 031-people-name-words', () => {
  it("stores every existing contact's name words and stems", async () => {
    const now = new Date().toISOString();
    const raw = db as any;
    await insertUser(db, 'u1');
    const person = (id: string, name: string) => ({ id, user_id: 'u1', name, created_at: now, updated_at: now });
    const crowd = Array.from({ length: 1100 }, (_, i) => person(`p${String(i).padStart(5, '0')}`, `Member ${i}`));
    for (let i = 0; i < crowd.length; i += 100)
      await raw
        .insertInto('people')
        .values(crowd.slice(i, i + 100))
        .execute();
    await raw.insertInto('people').values(person('zz', 'Zoë Ærø-Runnings')).execute();

    await migrateToLatest(db);

    const rows = await raw.selectFrom('people').select(['id', 'name_words', 'name_stems']).orderBy('id').execute();
    expect(rows).toHaveLength(1101);
    expect(rows.at(-1)).toEqual({ id: 'zz', name_words: ' zoë ærø runnings ', name_stems: ' zoë ærø run ' });
    expect(rows.at(-2)).toEqual({ id: 'p01099', name_words: ' member 1099 ', name_stems: ' member 1099 ' });
    expect(rows.filter((r: { name_words: string }) => r.name_words === '')).toEqual([]);
  });
});
