import { GlobalSearchResponse, MeetingSearchResponse, ModifiedCountResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// Issue 40, item 3: a speaker's label renamed without a contact ("Speaker 2" -> "Ana"), and a linked
// speaker's name, shown wherever the speaker is: transcript, searches, exports.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token = '';
let userId = '';
let meetingId = '';

const LINES = [
  { speaker: 'Speaker 1', text: 'The quarterly forecast needs another pass.' },
  { speaker: 'Speaker 2', text: 'I will redo the forecast spreadsheet tonight.' },
  { speaker: 'Speaker 2', text: 'The warehouse numbers came in late.' },
];

const rename = (label: string, name: unknown, as = token, meeting = meetingId) =>
  api.put(`/api/meetings/${meeting}/transcriptions/speaker/${encodeURIComponent(label)}/rename`, { name }, as);

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const user = await api.registerWithProject('Finance');
  token = user.token;
  userId = user.user._id;
  const { projectId } = user;
  meetingId = (
    await uploadMeeting(
      server.url,
      token,
      projectId,
      { path: jfkWavPath() },
      { title: 'Forecast', recordingType: 'upload' },
    )
  ).body.data._id;
  await server.ctx.repos.transcriptions.replaceForMeeting(
    server.ctx.db,
    userId,
    meetingId,
    LINES.map((l, i) => ({ ...l, startMs: i * 5000, endMs: i * 5000 + 4000 })),
  );
});
afterAll(() => server?.close());

describe('PUT /api/meetings/{meetingId}/transcriptions/speaker/{speaker}/rename', () => {
  it('renames a label in the meeting: transcript, search in the meeting, search everywhere and exports', async () => {
    const res = await rename('Speaker 2', '  Ana ');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(expectSchema(ModifiedCountResponse, res.body).data.modifiedCount).toBe(2);

    const page = (await api.get(`/api/meetings/${meetingId}/transcriptions`, token)).body.data.transcriptions;
    expect(page.map((s: { speaker: string }) => s.speaker)).toEqual(['Speaker 1', 'Ana', 'Ana']);

    const inMeeting = expectSchema(
      MeetingSearchResponse,
      (await api.get(`/api/meetings/${meetingId}/transcriptions/hybrid-search?q=spreadsheet`, token)).body,
    );
    expect(inMeeting.data.transcriptions.map((s) => s.speaker)).toEqual(['Ana']);
    // The new name is a speaker found by name.
    const byName = expectSchema(GlobalSearchResponse, (await api.get('/api/search?q=Ana', token)).body);
    expect(byName.data.segments.map((s) => s.speaker)).toEqual(['Ana', 'Ana']);

    const txt = await fetch(`${server.url}/api/meetings/${meetingId}/export?format=txt`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const exported = await txt.text();
    expect(exported).toContain('Ana');
    expect(exported).not.toContain('Speaker 2');
  });

  it('shows a linked speaker by the person’s name in the search across everything', async () => {
    const person = (await api.post('/api/people', { name: 'Bruno Costa' }, token)).body.data._id;
    await api.put(`/api/meetings/${meetingId}/transcriptions/speaker/Speaker%201/assign`, { personId: person }, token);
    const found = expectSchema(GlobalSearchResponse, (await api.get('/api/search?q=quarterly', token)).body);
    expect(found.data.segments.map((s) => s.speaker)).toEqual(['Bruno Costa']);
  });

  it('refuses an empty name (400), a label the meeting lacks (404) and someone else’s meeting (404)', async () => {
    expectError(await rename('Ana', '   '), 400);
    expectError(await rename('Speaker 9', 'Ana'), 404);
    const other = await api.register();
    expectError(await rename('Ana', 'Mallory', other.token), 404);
    const page = (await api.get(`/api/meetings/${meetingId}/transcriptions`, token)).body.data.transcriptions;
    expect(page.filter((s: { speaker: string }) => s.speaker === 'Ana')).toHaveLength(2);
  });
});
