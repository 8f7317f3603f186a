import { AskCompleteEvent, GlobalSearchResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// The global search and an ask without a project cover every project the caller is a member of
// (issue 37; docs/decisions/223): Ann's words reach her viewer Bob, never Cat, and stop reaching Bob
// once he is removed.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
type Account = { token: string; id: string };
const people = {} as Record<'ann' | 'bob' | 'cat', Account>;
let project = '';
let meeting = '';

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  for (const who of ['ann', 'bob', 'cat'] as const) {
    const { token, user } = await api.register(who, `${who}@example.com`);
    people[who] = { token, id: user._id };
  }
  project = (await api.post('/api/projects', { name: 'Lab' }, people.ann.token)).body.data._id;
  const priya = (await api.post('/api/people', { name: 'Priya Raman' }, people.ann.token)).body.data._id as string;
  meeting = (
    await uploadMeeting(server.url, people.ann.token, project, { path: jfkWavPath() }, { title: 'Centrifuge review' })
  ).body.data._id;
  await server.ctx.repos.transcriptions.replaceForMeeting(server.ctx.db, people.ann.id, meeting, [
    {
      speaker: 'Speaker 1',
      text: 'The centrifuge rotor needs balancing before Friday.',
      startMs: 0,
      endMs: 4000,
    },
    { speaker: 'Speaker 2', text: 'Then we order the spare gaskets.', startMs: 5000, endMs: 9000 },
  ]);
  await server.ctx.repos.transcriptions.assignSpeaker(people.ann.id, meeting, 'Speaker 1', priya);
  // Bob has a project of his own, so his results are one list across two holders.
  const bobs = (await api.post('/api/projects', { name: 'Mine' }, people.bob.token)).body.data._id as string;
  const own = (
    await uploadMeeting(server.url, people.bob.token, bobs, { path: jfkWavPath() }, { title: 'Rotor notes' })
  ).body.data._id as string;
  await server.ctx.repos.transcriptions.replaceForMeeting(server.ctx.db, people.bob.id, own, [
    { speaker: 'Speaker 1', text: 'My rotor drawing is done.', startMs: 0, endMs: 4000 },
  ]);
  const added = await api.post(
    `/api/projects/${project}/members`,
    { email: 'bob@example.com', role: 'viewer' },
    people.ann.token,
  );
  expect(added.status).toBe(201);
});
afterAll(() => server?.close());

const search = async (q: string, token: string) =>
  expectSchema(GlobalSearchResponse, (await api.get(`/api/search?q=${encodeURIComponent(q)}`, token)).body).data;

async function ask(question: string, token: string) {
  const response = await fetch(`${server.url}/api/ask`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  expect(response.status).toBe(200);
  const last = (await response.text()).trim().split('\n\n').at(-1) ?? '';
  expect(last).toMatch(/^event: complete$/m);
  return AskCompleteEvent.parse(JSON.parse(/^data: (.+)$/m.exec(last)?.[1] ?? 'null'));
}

describe('search and ask across everything, for a member of a shared project', () => {
  it('finds the shared meeting’s words and its title for a viewer, ranked in one list with their own', async () => {
    const found = await search('rotor', people.bob.token);
    expect(found.segments.map((s) => s.text).sort()).toEqual([
      'My rotor drawing is done.',
      'The centrifuge rotor needs balancing before Friday.',
    ]);
    expect(found.segments.find((s) => s.meetingId === meeting)?.projectId).toBe(project);
    // a misspelling is forgiven from the holder's vocabulary too
    expect((await search('centrifuje', people.bob.token)).segments.map((s) => s.meetingId)).toEqual([meeting]);
    expect((await search('centrifuge', people.bob.token)).meetings.map((m) => m.meetingId)).toEqual([meeting]);
  });

  it('cites the shared meeting, with the linked person’s name, in an ask with no project', async () => {
    const answered = await ask('When is the centrifuge rotor balanced?', people.bob.token);
    expect(answered.citations.map((c) => [c.meetingId, c.speaker])).toContainEqual([meeting, 'Priya Raman']);
  });

  it('finds the shared meeting’s segments by the name of the holder’s contact, for a member', async () => {
    const texts = (segments: Array<{ text: string }>) => segments.map((s) => s.text);
    const everywhere = await search('Priya', people.bob.token);
    expect(texts(everywhere.segments)).toEqual(['The centrifuge rotor needs balancing before Friday.']);
    expect(everywhere.segments[0]?.speaker).toBe('Priya Raman');
    // the contact is Ann's: Bob sees her name on the segment, not a link to her People
    expect(everywhere.people).toEqual([]);
    const inProject = await api.get(`/api/projects/${project}/transcriptions/search-all?q=Priya`, people.bob.token);
    expect(inProject.status).toBe(200);
    expect(
      inProject.body.data.results.flatMap((g: { transcriptions: Array<{ text: string }> }) => texts(g.transcriptions)),
    ).toEqual(['The centrifuge rotor needs balancing before Friday.']);
    const inMeeting = await api.get(`/api/meetings/${meeting}/transcriptions/hybrid-search?q=Priya`, people.bob.token);
    expect(texts(inMeeting.body.data.transcriptions)).toEqual(['The centrifuge rotor needs balancing before Friday.']);
    expect((await search('Priya', people.cat.token)).segments).toEqual([]);
  });

  it('shows a non-member nothing of it', async () => {
    const found = await search('centrifuge', people.cat.token);
    expect(found.segments).toEqual([]);
    expect(found.meetings).toEqual([]);
    expect((await ask('When is the centrifuge rotor balanced?', people.cat.token)).citations).toEqual([]);
  });

  it('stops at once when the member is removed', async () => {
    expect((await api.delete(`/api/projects/${project}/members/${people.bob.id}`, people.ann.token)).status).toBe(204);
    const found = await search('rotor', people.bob.token);
    expect(found.segments.map((s) => s.text)).toEqual(['My rotor drawing is done.']);
    expect((await search('centrifuge', people.bob.token)).meetings).toEqual([]);
    expect(
      (await ask('When is the centrifuge rotor balanced?', people.bob.token)).citations.map((c) => c.meetingId),
    ).not.toContain(meeting);
    // the holder still finds her own
    expect((await search('centrifuge', people.ann.token)).segments.map((s) => s.meetingId)).toEqual([meeting]);
  });
});
