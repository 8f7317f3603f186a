import { SharedMeetingResponse, ShareListResponse, ShareResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingLifecycle } from '../../src/services/meeting-lifecycle.ts';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// Share links (docs/decisions/172): read without sign-in until revoked or expired; audio only when included.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let projectId: string;
let meetingId: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  ({ token, projectId } = await api.registerWithProject('Shared things'));
  const upload = await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() }, { title: 'Board review' });
  meetingId = upload.body.data._id;
  // The transcript and notes as a finished meeting has them.
  const owner = (await api.get('/api/users/me', token)).body.data._id;
  await server.ctx.db.transaction().execute(async (trx) => {
    await server.ctx.repos.transcriptions.replaceForMeeting(trx, owner, meetingId, [
      { speaker: 'Speaker 1', text: 'We ship on Friday.', startMs: 0, endMs: 2000 },
    ]);
    await meetingLifecycle(server.ctx.repos).transcribed(trx, meetingId, {});
    await server.ctx.repos.meetings.updateById(trx, meetingId, { summary: 'The team agreed to ship on Friday.' });
    await server.ctx.repos.actionItems.insertMany(owner, meetingId, [{ task: 'Write the release notes' }], trx);
  });
});
afterAll(() => server.close());

const shareToken = (url: string) => new URL(url).pathname.split('/').pop()!;

async function share(body: Record<string, unknown>) {
  const res = await api.post(`/api/meetings/${meetingId}/shares`, body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return expectSchema(ShareResponse, res.body).data;
}

describe('share links', () => {
  it('opens the meeting without sign-in, with the recording, until revoked', async () => {
    const link = await share({ includeAudio: true });
    expect(link.url).toBe(`${server.url}/s/${shareToken(link.url)}`);
    // 256 bits, base64url.
    expect(shareToken(link.url)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const res = await api.get(`/api/shared/${shareToken(link.url)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const shared = expectSchema(SharedMeetingResponse, res.body).data;
    expect(shared.meeting).toMatchObject({ title: 'Board review', summary: 'The team agreed to ship on Friday.' });
    expect(shared.transcript.map((s) => s.text)).toEqual(['We ship on Friday.']);
    expect(shared.actionItems.map((i) => i.task)).toContain('Write the release notes');
    const audio = await api.request('GET', shared.audioUrl!, { headers: { range: 'bytes=0-3' } });
    expect(audio.status).toBe(206);
    expect(audio.body).toBe('RIFF');

    const page = await fetch(`${server.url}/s/${shareToken(link.url)}`);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');

    const list = expectSchema(ShareListResponse, (await api.get(`/api/meetings/${meetingId}/shares`, token)).body);
    expect(list.data.shares.map((s) => s.id)).toContain(link.id);

    expect((await api.delete(`/api/meetings/${meetingId}/shares/${link.id}`, token)).status).toBe(204);
    expectError(await api.get(`/api/shared/${shareToken(link.url)}`), 404);
    expectError(await api.get(shared.audioUrl!), 404);
  });

  it('leaves the recording out when the link does not include it', async () => {
    const link = await share({ includeAudio: false });
    const shared = (await api.get(`/api/shared/${shareToken(link.url)}`)).body.data;
    expect(shared.audioUrl).toBeNull();
    expect(shared.transcript).toHaveLength(1);
    expectError(await api.get(`/api/shared/${shareToken(link.url)}/audio`), 404, 'Recording not found');
  });

  it('answers 404 once the link has expired', async () => {
    const link = await share({ includeAudio: true, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await api.get(`/api/shared/${shareToken(link.url)}`)).status).toBe(200);
    // The hour passes: the stored expiry is moved instead of waiting.
    await server.ctx.db
      .updateTable('meeting_shares')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', link.id)
      .execute();
    expectError(await api.get(`/api/shared/${shareToken(link.url)}`), 404, 'Shared meeting not found');
    expectError(await api.get(`/api/shared/${shareToken(link.url)}/audio`), 404);
  });

  it('only the owner creates, lists and revokes links; nonsense gets clear errors', async () => {
    const link = await share({ includeAudio: false });
    const other = await api.register();
    expectError(await api.post(`/api/meetings/${meetingId}/shares`, { includeAudio: true }, other.token), 404);
    expectError(await api.get(`/api/meetings/${meetingId}/shares`, other.token), 404);
    expectError(await api.delete(`/api/meetings/${meetingId}/shares/${link.id}`, other.token), 404);
    expect((await api.get(`/api/shared/${shareToken(link.url)}`)).status).toBe(200);

    expectError(await api.post(`/api/meetings/${meetingId}/shares`, {}, token), 400);
    expectError(
      await api.post(
        `/api/meetings/${meetingId}/shares`,
        { includeAudio: true, expiresAt: '2001-01-01T00:00:00Z' },
        token,
      ),
      400,
    );
    expectError(await api.get('/api/shared/not-a-token'), 404);
    expectError(await api.post(`/api/meetings/${meetingId}/shares`, { includeAudio: true }), 401);
  });

  it('shows names only: no ids of the meeting, its project or its people, and no person’s company', async () => {
    const person = (await api.post('/api/people', { name: 'Dana Whitfield', company: 'Acme Undercover' }, token)).body
      .data;
    const assigned = await api.put(
      `/api/meetings/${meetingId}/transcriptions/speaker/${encodeURIComponent('Speaker 1')}/assign`,
      { personId: person._id },
      token,
    );
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const items = (await api.get(`/api/projects/${projectId}/meetings/${meetingId}/action-items`, token)).body.data
      .actionItems;
    const item = items.find((i: { task: string }) => i.task === 'Write the release notes');
    const patched = await api.patch(
      `/api/projects/${projectId}/meetings/${meetingId}/action-items/${item._id}`,
      { assigneePersonId: person._id },
      token,
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    const link = await share({ includeAudio: true });
    const res = await api.get(`/api/shared/${shareToken(link.url)}`);
    const shared = expectSchema(SharedMeetingResponse, res.body).data;
    expect(shared.transcript[0]).toEqual({
      speaker: 'Dana Whitfield',
      text: 'We ship on Friday.',
      startTime: 0,
      endTime: 2000,
    });
    expect(shared.actionItems.find((i) => i.task === 'Write the release notes')).toMatchObject({
      assignee: 'Dana Whitfield',
    });
    const owner = (await api.get('/api/users/me', token)).body.data._id;
    const text = JSON.stringify(res.body);
    for (const secret of ['Acme Undercover', person._id, projectId, meetingId, owner, item._id, 'jfk']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(Object.keys(shared.meeting).sort()).toEqual(['createdAt', 'duration', 'summary', 'title']);
  });
});
