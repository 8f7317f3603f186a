// Issue 36: a user's parallel heavy requests are limited (decision 206): two run, four wait their turn,
// the next is refused with a 429 and Retry-After; another user is not held by them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEAVY_REQUESTS, TOO_MANY_HEAVY_REQUESTS } from '../../src/lib/heavy-requests.ts';
import { apiClient, expectError } from '../helpers/api.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.ts';
import { seedTranscribedMeeting } from '../helpers/notes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const said = (speaker: string, text: string, startMs: number) => ({
  speaker,
  text,
  startMs,
  endMs: startMs + 2000,
  personId: null,
  personName: null,
});
const segments = [
  said('Ann', 'The budget review is on Friday.', 0),
  said('Bob', 'I will send the budget before then.', 2000),
];

let fake: FakeOpenAi;
let server: TestServer;
beforeAll(async () => {
  // The model's streams stay open until released: two summaries hold Ann's two turns as long as needed.
  fake = await startFakeOpenAi(() => ({ stream: ['Thinking'], holdOpen: true }));
  server = await startTestServer({
    AI_ENGINE: 'openai',
    AI_BASE_URL: fake.baseUrl,
    AI_MODEL: 'llama3.1',
    AI_CONTEXT_TOKENS: '200000',
  });
});
afterAll(async () => {
  fake.releaseStreams();
  await server.close();
  await fake.close();
});

async function userWithMeetings(name: string, count: number) {
  const api = apiClient(server.url);
  const user = await api.register(name);
  const owner = { token: user.token as string, userId: user.user._id as string };
  const projectId = (await api.post('/api/projects', { name: 'Heavy' }, owner.token)).body.data._id as string;
  const meetingIds: string[] = [];
  for (let i = 0; i < count; i++) meetingIds.push(await seedTranscribedMeeting(server, owner, projectId, segments));
  return { ...owner, projectId, meetingIds };
}

const get = (path: string, token: string) =>
  fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe("a user's heavy requests", () => {
  it('two run, four wait their turn, the next gets a 429 with Retry-After; another user goes on', async () => {
    const ann = await userWithMeetings('Ann', 2);
    const bob = await userWithMeetings('Bob', 1);
    const summaries = await Promise.all(
      ann.meetingIds.map((meetingId) =>
        fetch(`${server.url}/api/projects/${ann.projectId}/meetings/${meetingId}/summary/stream`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ann.token}` },
        }),
      ),
    );
    expect(summaries.map((res) => res.status)).toEqual([200, 200]);
    const search = (meetingId: string, token: string) =>
      get(`/api/meetings/${meetingId}/transcriptions/hybrid-search?q=budget`, token);
    const waiting = Array.from({ length: HEAVY_REQUESTS.waiting }, () => search(ann.meetingIds[0]!, ann.token));
    // Four requests on their way to the server: vi.waitFor's default second is short on a loaded machine.
    await vi.waitFor(() => expect(server.ctx.heavy.stats(ann.userId)).toEqual({ running: 2, waiting: 4 }), {
      timeout: 30_000,
    });

    const refused = await get(`/api/meetings/${ann.meetingIds[0]}/export?format=md`, ann.token);
    expectError({ status: refused.status, body: await refused.json() }, 429, TOO_MANY_HEAVY_REQUESTS);
    expect(refused.headers.get('retry-after')).toBe('5');
    // Bob's search is answered while Ann's wait.
    expect((await search(bob.meetingIds[0]!, bob.token)).status).toBe(200);
    expect(server.ctx.heavy.stats(ann.userId)).toEqual({ running: 2, waiting: 4 });

    // The summaries end: the searches that waited are answered, and nothing is left counted.
    fake.releaseStreams();
    await Promise.all(summaries.map((res) => res.text()));
    const answered = await Promise.all(waiting);
    expect(answered.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    for (const res of answered) expect(((await res.json()) as any).data.transcriptions).toHaveLength(2);
    await vi.waitFor(() => expect(server.ctx.heavy.stats(ann.userId)).toEqual({ running: 0, waiting: 0 }), {
      timeout: 30_000,
    });
  });
});
