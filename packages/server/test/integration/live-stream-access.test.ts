import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// The live transcript is a stream that lasts as long as the recording (hours). It was allowed once, when
// it opened: a member removed from the project, or a session signed out, went on reading every word until
// the recording ended (decision 292). It now stops at the next look.
let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
});
afterAll(() => server?.close());

/** Opens the live stream and keeps reading it in the background: its events so far, and whether it ended. */
async function openLive(meetingId: string, token: string) {
  const response = await fetch(`${server.url}/api/meetings/${meetingId}/live/stream`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const state = { events: [] as Array<{ type: string }>, ended: false };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  // Read until the server ends the stream; a stream cut (the server closing after the tests) ends it too.
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        pending += value;
        const lines = pending.split('\n');
        pending = lines.pop()!;
        for (const line of lines) if (line.startsWith('data: ')) state.events.push(JSON.parse(line.slice(6)));
      }
    } catch (error) {
      state.events.push({ type: 'cut', message: String(error) } as { type: string });
    } finally {
      state.ended = true;
    }
  })();
  await expect.poll(() => state.events.length).toBeGreaterThan(0);
  return { state };
}

async function recordingSharedWith(role: 'viewer' | 'editor') {
  const owner = await api.registerWithProject('Live');
  const member = await api.register();
  const added = await api.post(
    `/api/projects/${owner.projectId}/members`,
    { email: member.user.email, role },
    owner.token,
  );
  expect(added.status).toBe(201);
  const started = await api.post(
    `/api/projects/${owner.projectId}/recordings`,
    { title: 'Board meeting', mimeType: 'audio/webm;codecs=opus' },
    owner.token,
  );
  expect(started.status).toBe(201);
  return { owner, member, meetingId: started.body.data._id as string };
}

describe('the live transcript stream', () => {
  it('ends for a member removed from the project while the recording goes on', async () => {
    const { owner, member, meetingId } = await recordingSharedWith('viewer');
    const live = await openLive(meetingId, member.token);
    const removed = await api.delete(`/api/projects/${owner.projectId}/members/${member.user._id}`, owner.token);
    expect(removed.status).toBe(204);
    await expect.poll(() => live.state.ended, { timeout: 15_000 }).toBe(true);
    expect(live.state.events.at(-1)).toEqual({ type: 'error', message: 'The live transcript stopped' });
    const meeting = await api.get(`/api/projects/${owner.projectId}/meetings/${meetingId}`, owner.token);
    expect(meeting.body.data.recordingState).toBe('recording');
  });

  it('ends for a session that signed out', async () => {
    const { owner, member, meetingId } = await recordingSharedWith('editor');
    const live = await openLive(meetingId, member.token);
    expect((await api.post('/auth/logout', {}, member.token)).status).toBe(204);
    await expect.poll(() => live.state.ended, { timeout: 15_000 }).toBe(true);
    expect(live.state.events.at(-1)).toEqual({ type: 'error', message: 'The live transcript stopped' });
    const meeting = await api.get(`/api/projects/${owner.projectId}/meetings/${meetingId}`, owner.token);
    expect(meeting.body.data.recordingState).toBe('recording');
  });
});
