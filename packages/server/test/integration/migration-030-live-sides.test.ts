import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { recordingsRepository } from '../../src/repositories/recordings.ts';
import { newMeetingRow } from '../../src/services/meetings.ts';
import { databaseBefore, insertUser } from '../helpers/migration.ts';

// A recording under way when 030 runs (docs/decisions/250): its live words and progress stay, as side 0,
// and a call's two sides may then start a phrase in the same millisecond.
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await databaseBefore('030-live-segment-side'));
});
afterAll(async () => {
  await close?.();
});

describe('migration 030-live-segment-side', () => {
  it("keeps a recording's live words as side 0 and lets both sides start a phrase at once", async () => {
    const now = new Date().toISOString();
    const raw = db as any;
    await insertUser(db, 'u1');
    await raw
      .insertInto('projects')
      .values({ id: 'p1', user_id: 'u1', name: 'P', name_key: 'p', created_at: now, updated_at: now })
      .execute();
    const meeting = newMeetingRow({
      id: 'm1',
      userId: 'u1',
      projectId: 'p1',
      fields: { title: 'Call', recordingType: 'direct' },
      audioKey: null,
    });
    await raw.insertInto('meetings').values(meeting).execute();
    await raw
      .insertInto('live_segments')
      .values([
        { meeting_id: 'm1', user_id: 'u1', start_ms: 0, end_ms: 2000, text: 'And so my fellow', final: 1 },
        { meeting_id: 'm1', user_id: 'u1', start_ms: 2500, end_ms: 3000, text: 'Americans', final: 0 },
      ])
      .execute();
    await raw
      .insertInto('live_progress')
      .values({ meeting_id: 'm1', received_ms: 3200, final_ms: 2000, updated_at: now })
      .execute();

    await migrateToLatest(db);

    const recordings = recordingsRepository(db);
    expect(await recordings.livePieces('m1')).toEqual([
      { side: 0, startMs: 0, endMs: 2000, text: 'And so my fellow', final: true },
      { side: 0, startMs: 2500, endMs: 3000, text: 'Americans', final: false },
    ]);
    expect(await recordings.liveFinalMs('m1')).toEqual([2000, 0]);

    // the next pass, a call's: each side from its own final point, both starting a phrase at 2500 ms
    await recordings.saveLivePass('m1', 'u1', {
      receivedMs: 4000,
      sides: [
        { fromMs: 2000, pieces: [{ startMs: 2500, endMs: 3500, text: 'Americans ask', final: true }], finalMs: 3500 },
        { fromMs: 0, pieces: [{ startMs: 2500, endMs: 3900, text: 'My name is', final: false }], finalMs: 0 },
      ],
    });
    expect(await recordings.livePieces('m1')).toEqual([
      { side: 0, startMs: 0, endMs: 2000, text: 'And so my fellow', final: true },
      { side: 0, startMs: 2500, endMs: 3500, text: 'Americans ask', final: true },
      { side: 1, startMs: 2500, endMs: 3900, text: 'My name is', final: false },
    ]);
    expect(await recordings.liveFinalMs('m1')).toEqual([3500, 0]);
  });
});
