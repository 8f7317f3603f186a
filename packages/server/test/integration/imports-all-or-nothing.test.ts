import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { nextTurn } from '../../src/lib/next-turn.ts';
import { HIDDEN_ABANDONED_AFTER_MS, newMeetingRow } from '../../src/services/meetings.ts';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript } from '../helpers/uploads.ts';

// An import is written in many short transactions under a meeting nobody sees, made visible in a last
// small one (docs/decisions/191): these check that a user sees all of it or nothing, on either database.

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let userId: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const account = await api.register('Importer');
  token = account.token;
  userId = account.user._id;
  projectId = (await api.post('/api/projects', { name: 'Imports' }, token)).body.data._id;
});
afterAll(() => server.close());

/** Rows of the user in each table an import writes: what is left, visible or not. */
async function rowsLeft() {
  const count = async (table: 'meetings' | 'transcriptions' | 'action_items' | 'usage_events') =>
    Number(
      (
        await server.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    meetings: await count('meetings'),
    segments: await count('transcriptions'),
    items: await count('action_items'),
    usage: await count('usage_events'),
  };
}
const nothing = { meetings: 0, segments: 0, items: 0, usage: 0 };

/** A Parley export of `cues` segments and `items` action items, every text carrying `word`. */
const parleyExport = (title: string, word: string, cues: number, items: number) =>
  JSON.stringify({
    format: 'parley.meeting',
    version: 1,
    meeting: { title, summary: 'Short.' },
    segments: Array.from({ length: cues }, (_, i) => ({
      speaker: `Speaker ${i % 3}`,
      text: `Cue ${i} about the ${word} rollout.`,
      startTime: i * 1000,
      endTime: i * 1000 + 900,
    })),
    actionItems: Array.from({ length: items }, (_, i) => ({ task: `Follow up ${i} on the ${word}` })),
  });

/**
 * Makes one write on the meetings of one title fail: `finishing` the import's last transaction (the one
 * that shows the meeting), `removing` the deletion of the meeting's row.
 */
async function refuse(write: 'finishing' | 'removing', title: string) {
  const { db, dbKind } = server.ctx;
  const on =
    write === 'finishing'
      ? {
          sqlite: 'update of hidden_since',
          pg: 'update',
          when: `old.hidden_since is not null and new.hidden_since is null and new.title = '${title}'`,
        }
      : { sqlite: 'delete', pg: 'delete', when: `old.title = '${title}'` };
  if (dbKind === 'sqlite') {
    await sql
      .raw(`create trigger refuse_${write} before ${on.sqlite} on meetings when ${on.when}
        begin select raise(abort, 'refused by the test'); end`)
      .execute(db);
    return () => sql.raw(`drop trigger refuse_${write}`).execute(db);
  }
  await sql
    .raw(`create function refuse_${write}() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`)
    .execute(db);
  await sql
    .raw(`create trigger refuse_${write} before ${on.pg} on meetings for each row
        when (${on.when}) execute function refuse_${write}()`)
    .execute(db);
  return async () => {
    await sql.raw(`drop trigger refuse_${write} on meetings`).execute(db);
    await sql.raw(`drop function refuse_${write}`).execute(db);
  };
}

describe('an import is all or nothing', () => {
  it('leaves no meeting, segment, item, usage or recording when its last part fails', async () => {
    const restore = await refuse('finishing', 'Fails at the end');
    try {
      const failed = await importTranscript(
        server.url,
        token,
        projectId,
        { name: 'meeting.json', text: parleyExport('Fails at the end', 'zeppelin', 1000, 450) },
        { audioPath: jfkWavPath(), fields: { title: 'Fails at the end', recordingType: 'upload' } },
      );
      // The database refused; every batch before it had been committed.
      expect(failed.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await rowsLeft()).toEqual(nothing);
    expect((await api.get(`/api/projects/${projectId}/meetings`, token)).body.data.meetings).toEqual([]);
    expect((await api.get(`/api/search?q=zeppelin`, token)).body.data.segments).toEqual([]);
    const audioKeys = await server.ctx.db.selectFrom('meetings').select('audio_key').execute();
    expect(audioKeys).toEqual([]);

    // The same file imports whole once nothing refuses it.
    const ok = await importTranscript(server.url, token, projectId, {
      name: 'meeting.json',
      text: parleyExport('Fails at the end', 'zeppelin', 1000, 450),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(await rowsLeft()).toEqual({ meetings: 1, segments: 1000, items: 450, usage: 0 });
    await api.delete(`/api/projects/${projectId}/meetings/${ok.body.data._id}`, token);
  });

  it('removes what it wrote when the client goes away mid-way', async () => {
    const { imports } = server.ctx.services;
    const gone = new AbortController();
    const importing = imports.create(
      userId,
      projectId,
      { title: 'Cancelled', recordingType: 'upload' },
      { fileName: 'meeting.json', text: parleyExport('Cancelled', 'walrus', 3000, 0) },
      undefined,
      gone.signal,
    );
    const outcome = importing.then(
      () => 'finished',
      (error: { statusCode?: number }) => error.statusCode,
    );
    // Wait for the invisible meeting (its segments follow in many short turns), then go away.
    while ((await rowsLeft()).meetings === 0) await nextTurn();
    gone.abort(Object.assign(new Error('The client closed the connection'), { statusCode: 499 }));
    expect(await outcome).toBe(499);
    expect(await rowsLeft()).toEqual(nothing);
  });
});

describe('deleting a large meeting', () => {
  it('hides it at once, then removes every row', async () => {
    const ok = await importTranscript(server.url, token, projectId, {
      name: 'meeting.json',
      text: parleyExport('To be deleted', 'gondola', 1200, 300),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const id = ok.body.data._id;
    // A removal its process never finished: hidden, some rows gone, the rest left for the sweep.
    const { db, repos, services } = server.ctx;
    await db.transaction().execute((trx) => repos.meetings.hide(trx, userId, id));
    await repos.actionItems.deleteForMeeting(userId, id);
    expect((await api.get(`/api/projects/${projectId}/meetings/${id}`, token)).status).toBe(404);
    expect((await api.get('/api/search?q=gondola', token)).body.data.segments).toEqual([]);
    expect(await rowsLeft()).toEqual({ meetings: 1, segments: 1200, items: 0, usage: 0 });
    await db.updateTable('meetings').set({ hidden_since: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    expect(await services.meetings.removeAbandoned()).toBe(1);
    expect(await rowsLeft()).toEqual(nothing);

    // Through the API: 204, and nothing of it left.
    const again = await importTranscript(server.url, token, projectId, {
      name: 'meeting.json',
      text: parleyExport('To be deleted', 'gondola', 1200, 300),
    });
    expect((await api.delete(`/api/projects/${projectId}/meetings/${again.body.data._id}`, token)).status).toBe(204);
    expect(await rowsLeft()).toEqual(nothing);
    expect((await api.delete(`/api/projects/${projectId}/meetings/${again.body.data._id}`, token)).status).toBe(404);
  });
});

describe('deleting a project of large meetings', () => {
  it('hides its meetings at once, then removes them one by one; stopped mid-way, none is left half-visible', async () => {
    const doomed = (await api.post('/api/projects', { name: 'Doomed' }, token)).body.data._id;
    for (const title of ['Removed first', 'Refuses removal'])
      expect(
        (
          await importTranscript(
            server.url,
            token,
            doomed,
            { name: 'meeting.json', text: parleyExport(title, 'marmalade', 1200, 300) },
            { fields: { title, recordingType: 'upload' } },
          )
        ).status,
      ).toBe(201);
    // The removal stops at the second meeting's row, as when the process stops there.
    const restore = await refuse('removing', 'Refuses removal');
    try {
      expect((await api.delete(`/api/projects/${doomed}`, token)).status).toBe(500);
    } finally {
      await restore();
    }
    // The project is still there, but neither meeting shows anywhere (no half-removed transcript).
    const project = (await api.get(`/api/projects/${doomed}`, token)).body.data;
    expect(project.meetingCount).toBe(0);
    expect((await api.get(`/api/projects/${doomed}/meetings`, token)).body.data.meetings).toEqual([]);
    expect((await api.get('/api/search?q=marmalade', token)).body.data.segments).toEqual([]);
    expect(await rowsLeft()).toEqual({ meetings: 1, segments: 0, items: 0, usage: 0 });

    // Deleted again: 204, the project and every row of its meetings gone.
    expect((await api.delete(`/api/projects/${doomed}`, token)).status).toBe(204);
    expect((await api.get(`/api/projects/${doomed}`, token)).status).toBe(404);
    expect(await rowsLeft()).toEqual(nothing);
  });
});

describe('a meeting being imported', () => {
  it('is invisible to every read until its last transaction, then visible whole', async () => {
    const { db, repos } = server.ctx;
    const person = (await api.post('/api/people', { name: 'Nadia Okafor' }, token)).body.data;
    const id = newId();
    const row = newMeetingRow({
      id,
      userId,
      projectId,
      fields: { title: 'Quarterly harpsichord review', recordingType: 'upload' },
      audioKey: null,
    });
    // What an import has written when it is half-way: the meeting, its segments and items.
    await repos.meetings.insert(db, { ...row, transcription_status: 'completed', hidden_since: row.created_at });
    await repos.transcriptions.insertImported(userId, id, [
      Array.from({ length: 250 }, (_, i) => ({
        speaker: 'Nadia',
        text: `Harpsichord tuning point ${i}.`,
        startMs: i * 1000,
        endMs: i * 1000 + 900,
        personId: person._id,
        isEdited: false,
      })),
    ]);
    await repos.actionItems.insertMany(userId, id, [{ task: 'Tune the harpsichord', source: 'imported' }]);

    const reads = async () => ({
      meeting: (await api.get(`/api/projects/${projectId}/meetings/${id}`, token)).status,
      segments: (await api.get(`/api/meetings/${id}/transcriptions?page=1&limit=10`, token)).status,
      items: (await api.get(`/api/projects/${projectId}/meetings/${id}/action-items`, token)).status,
      export: (await api.get(`/api/meetings/${id}/export?format=txt`, token)).status,
      list: (await api.get(`/api/projects/${projectId}/meetings`, token)).body.data.meetings.length,
      recent: (await api.get(`/api/users/${userId}/meetings?limit=5`, token)).body.data.meetings.length,
      projectCount: (await api.get(`/api/projects/${projectId}`, token)).body.data.meetingCount,
      search: (await api.get('/api/search?q=harpsichord', token)).body.data,
      projectSearch: (await api.get(`/api/projects/${projectId}/transcriptions/search-all?q=harpsichord`, token)).body
        .data.pagination.total,
      personSegments: (await api.get(`/api/people/${person._id}/transcriptions`, token)).body.data.pagination.total,
    });
    const hidden = await reads();
    expect(hidden).toMatchObject({
      meeting: 404,
      segments: 404,
      items: 404,
      export: 404,
      list: 0,
      recent: 0,
      projectCount: 0,
      projectSearch: 0,
      personSegments: 0,
    });
    expect(hidden.search.meetings).toEqual([]);
    expect(hidden.search.segments).toEqual([]);

    await db.transaction().execute((trx) => repos.meetings.finishImport(trx, userId, id));
    const shown = await reads();
    expect(shown).toMatchObject({
      meeting: 200,
      segments: 200,
      items: 200,
      export: 200,
      list: 1,
      recent: 1,
      projectCount: 1,
      personSegments: 250,
    });
    expect(shown.projectSearch).toBeGreaterThan(0);
    expect(shown.search.meetings.map((m: { meetingId: string }) => m.meetingId)).toEqual([id]);
    expect(shown.search.segments.length).toBeGreaterThan(0);
    await api.delete(`/api/projects/${projectId}/meetings/${id}`, token);
    await api.delete(`/api/people/${person._id}`, token);
  });

  it('is removed by the sweep once abandoned (its process stopped), never while it may still be running', async () => {
    const { db, repos, services } = server.ctx;
    const now = new Date();
    const startedAt = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
    const abandoned = newId();
    const running = newId();
    for (const [id, msAgo] of [
      [abandoned, HIDDEN_ABANDONED_AFTER_MS + 60_000],
      [running, 60_000],
    ] as const) {
      const row = newMeetingRow({
        id,
        userId,
        projectId,
        fields: { title: id, recordingType: 'upload' },
        audioKey: null,
      });
      await repos.meetings.insert(db, { ...row, hidden_since: startedAt(msAgo) });
      await repos.transcriptions.insertImported(userId, id, [
        Array.from({ length: 230 }, (_, i) => ({
          speaker: 'A',
          text: `Line ${i}`,
          startMs: i,
          endMs: i + 1,
          personId: null,
          isEdited: false,
        })),
      ]);
      await repos.actionItems.insertMany(userId, id, [{ task: 'Left behind', source: 'imported' }]);
    }
    expect(await services.meetings.removeAbandoned(now)).toBe(1);
    const meetings = await db.selectFrom('meetings').select('id').where('user_id', '=', userId).execute();
    expect(meetings.map((m) => m.id)).toEqual([running]);
    expect(await rowsLeft()).toEqual({ meetings: 1, segments: 230, items: 1, usage: 0 });
    // A visible meeting is never the sweep's, however old.
    await db.transaction().execute((trx) => repos.meetings.finishImport(trx, userId, running));
    expect(await services.meetings.removeAbandoned(new Date(now.getTime() + 2 * HIDDEN_ABANDONED_AFTER_MS))).toBe(0);
    await api.delete(`/api/projects/${projectId}/meetings/${running}`, token);
    expect(await rowsLeft()).toEqual(nothing);
  });
});
