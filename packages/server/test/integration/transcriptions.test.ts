import { TranscriptionPageResponse, TranscriptionResponse } from '@parley/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlinkPersonRows } from '../../src/repositories/short-statements.ts';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let meetingId: string;
let projectId: string;

// Segments are written the way the transcription job writes them; these tests cover the endpoints.
beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const user = await api.register();
  token = user.token;
  projectId = (await api.post('/api/projects', { name: 'Transcripts' }, token)).body.data._id;
  meetingId = (
    await uploadMeeting(
      server.url,
      token,
      projectId,
      { path: jfkWavPath() },
      { title: 'Standup', recordingType: 'upload' },
    )
  ).body.data._id;
  const segments = Array.from({ length: 45 }, (_, i) => ({
    speaker: i % 3 === 0 ? 'Speaker 2' : 'Speaker 1',
    text: `segment number ${i} about 100% of the_budget`,
    startMs: (44 - i) * 2000,
    endMs: (44 - i) * 2000 + 1800,
  }));
  await server.ctx.repos.transcriptions.replaceForMeeting(server.ctx.db, user.user._id, meetingId, segments);
});
afterAll(() => server.close());

const base = () => `/api/meetings/${meetingId}/transcriptions`;

describe('transcription segments', () => {
  it('pages segments ordered by start time', async () => {
    const first = expectSchema(
      TranscriptionPageResponse,
      (await api.get(`${base()}?page=1&limit=20`, token)).body,
    ).data;
    expect(first.pagination).toEqual({ page: 1, pages: 3, total: 45, limit: 20 });
    const starts = first.transcriptions.map((s) => s.startTime);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(first.transcriptions[0]).toMatchObject({
      startTime: 0,
      endTime: 1800,
      isEdited: false,
      personId: null,
      meetingId,
    });
    const last = (await api.get(`${base()}?page=3&limit=20`, token)).body.data;
    expect(last.transcriptions).toHaveLength(5);
    expectError(await api.get(`${base()}?page=0`, token), 400);
  });

  it('edits text (trimmed, marked edited) and refuses blank text', async () => {
    const seg = (await api.get(`${base()}?limit=1`, token)).body.data.transcriptions[0];
    const res = await api.patch(`${base()}/${seg._id}`, { text: '  Corrected words.  ' }, token);
    const updated = expectSchema(TranscriptionResponse, res.body).data;
    expect(updated).toMatchObject({ text: 'Corrected words.', isEdited: true });
    expectError(await api.patch(`${base()}/${seg._id}`, { text: '   ' }, token), 400, 'Text cannot be empty');
    expectError(await api.patch(`${base()}/ffffffffffffffffffffffff`, { text: 'x' }, token), 404);
  });

  it('assigns a speaker to a person across the meeting, then to another person', async () => {
    const ada = (await api.post('/api/people', { name: 'Ada', company: 'Engines Ltd' }, token)).body.data;
    const bob = (await api.post('/api/people', { name: 'Bob' }, token)).body.data;
    const assigned = await api.put(`${base()}/speaker/Speaker%202/assign`, { personId: ada._id }, token);
    expect(assigned.body.data.modifiedCount).toBe(15);
    const page = (await api.get(`${base()}?limit=100`, token)).body.data.transcriptions;
    for (const segment of page) {
      const expected = segment.speaker === 'Speaker 2' ? { _id: ada._id, name: 'Ada', company: 'Engines Ltd' } : null;
      expect(segment.personId).toEqual(expected);
    }

    const person = (await api.get(`/api/people/${ada._id}/transcriptions?page=1&limit=20&sort=createdAt`, token)).body
      .data;
    expect(person.pagination.total).toBe(15);
    expect(person.transcriptions[0].meetingId).toEqual({ _id: meetingId, title: 'Standup', projectId });
    const searched = (
      await api.get(`/api/people/${ada._id}/transcriptions?search=${encodeURIComponent('number 3 ')}`, token)
    ).body.data;
    expect(searched.transcriptions.map((s: { text: string }) => s.text)).toEqual(
      expect.arrayContaining([
        'segment number 3 about 100% of the_budget',
        'segment number 30 about 100% of the_budget',
      ]),
    );
    // % and _ are not wildcards: the search engine reads words, so symbols alone match nothing.
    expect(
      (await api.get(`/api/people/${ada._id}/transcriptions?search=${encodeURIComponent('100%')}`, token)).body.data
        .pagination.total,
    ).toBe(15);
    expect(
      (await api.get(`/api/people/${ada._id}/transcriptions?search=${encodeURIComponent('%_')}`, token)).body.data
        .pagination.total,
    ).toBe(0);

    const moved = await api.put(`${base()}/people/${ada._id}/assign`, { newPersonId: bob._id }, token);
    expect(moved.body.data.modifiedCount).toBe(15);
    expect((await api.get(`/api/people/${ada._id}/transcriptions`, token)).body.data.pagination.total).toBe(0);
    expect((await api.get(`/api/people/${bob._id}/transcriptions`, token)).body.data.pagination.total).toBe(15);
    expect(
      (await api.put(`${base()}/speaker/Nobody/assign`, { personId: bob._id }, token)).body.data.modifiedCount,
    ).toBe(0);
  });

  it('deleting a person unlinks their segments but keeps them', async () => {
    const carl = (await api.post('/api/people', { name: 'Carl' }, token)).body.data;
    await api.put(`${base()}/speaker/Speaker%201/assign`, { personId: carl._id }, token);
    await api.delete(`/api/people/${carl._id}`, token);
    const all = (await api.get(`${base()}?limit=100`, token)).body.data;
    expect(all.pagination.total).toBe(45);
    expect(
      all.transcriptions
        .filter((s: { speaker: string }) => s.speaker === 'Speaker 1')
        .every((s: { personId: unknown }) => s.personId === null),
    ).toBe(true);
  });

  it('deleting a person linked to hundreds of segments unlinks every one (cleared a hundred a statement)', async () => {
    const other = (
      await uploadMeeting(
        server.url,
        token,
        projectId,
        { path: jfkWavPath() },
        { title: 'Long', recordingType: 'upload' },
      )
    ).body.data._id;
    const userId = (await api.get('/api/users/me', token)).body.data._id;
    const segments = Array.from({ length: 250 }, (_, i) => ({
      speaker: 'Dana',
      text: `line ${i}`,
      startMs: i * 1000,
      endMs: i * 1000 + 900,
    }));
    await server.ctx.repos.transcriptions.replaceForMeeting(server.ctx.db, userId, other, segments);
    const dana = (await api.post('/api/people', { name: 'Dana' }, token)).body.data;
    const link = () =>
      api.put(`/api/meetings/${other}/transcriptions/speaker/Dana/assign`, { personId: dana._id }, token);
    expect((await link()).body.data.modifiedCount).toBe(250);
    const stillLinked = () =>
      server.ctx.db.selectFrom('transcriptions').select('id').where('person_id', '=', dana._id).execute();

    const items = Array.from({ length: 230 }, (_, i) => ({ task: `task ${i}`, assignee: 'Dana', personId: dana._id }));
    await server.ctx.repos.actionItems.insertMany(userId, other, items);
    const itemsLinked = () =>
      server.ctx.db.selectFrom('action_items').select('id').where('person_id', '=', dana._id).execute();

    // What the deletion does first, alone: the links cleared in statements of 100 until none is left,
    // by an index on both tables (without one, every statement read every user's rows).
    await unlinkPersonRows(server.ctx.db, 'transcriptions', dana._id);
    expect(await stillLinked()).toEqual([]);
    await unlinkPersonRows(server.ctx.db, 'action_items', dana._id);
    expect(await itemsLinked()).toEqual([]);
    expect(await indexesLedBy('action_items')).toContain('person_id');
    expect(await indexesLedBy('transcriptions')).toContain('person_id');

    expect((await link()).body.data.modifiedCount).toBe(250);
    expect((await api.delete(`/api/people/${dana._id}`, token)).status).toBe(204);
    expect(await stillLinked()).toEqual([]);
    const kept = (await api.get(`/api/meetings/${other}/transcriptions?limit=100&page=3`, token)).body.data;
    expect(kept.pagination.total).toBe(250);
    expect(
      kept.transcriptions.every(
        (s: { speaker: string; personId: unknown }) => s.speaker === 'Dana' && s.personId === null,
      ),
    ).toBe(true);
    expect((await api.delete(`/api/projects/${projectId}/meetings/${other}`, token)).status).toBe(204);
  });

  /** The first column of each index on `table` (null for an expression), as the database lists them. */
  async function indexesLedBy(table: string): Promise<Array<string | null>> {
    if (server.ctx.dbKind === 'sqlite') {
      const indexes = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(server.ctx.db);
      return Promise.all(
        indexes.rows.map(
          async ({ name }) =>
            (
              await sql<{ name: string | null }>`select name from pragma_index_info(${name}) where seqno = 0`.execute(
                server.ctx.db,
              )
            ).rows[0]?.name ?? null,
        ),
      );
    }
    const { rows } = await sql<{ first: string | null }>`
      select a.attname as first
      from pg_index i
      join pg_class t on t.oid = i.indrelid
      left join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
      where t.relname = ${table}`.execute(server.ctx.db);
    return rows.map((r) => r.first);
  }

  it('deletes a segment', async () => {
    const seg = (await api.get(`${base()}?limit=1`, token)).body.data.transcriptions[0];
    expect((await api.delete(`${base()}/${seg._id}`, token)).status).toBe(204);
    expect((await api.get(base(), token)).body.data.pagination.total).toBe(44);
    expectError(await api.delete(`${base()}/${seg._id}`, token), 404);
  });
});
