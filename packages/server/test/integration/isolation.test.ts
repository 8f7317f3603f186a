import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript, uploadMeeting } from '../helpers/uploads.ts';

// Walks every endpoint that takes an id with a second user's token: each must answer 404 (403 for the
// user-id route) and leave the first user's rows exactly as they were.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let owner: { token: string; userId: string };
let intruder: { token: string };
const ids = { project: '', meeting: '', person: '', segment: '', actionItem: '' };

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const a = await api.register('Owner');
  owner = { token: a.token, userId: a.user._id };
  intruder = await api.register('Intruder');
  ids.project = (
    await api.post('/api/projects', { name: 'Secret project', description: 'mine' }, owner.token)
  ).body.data._id;
  ids.person = (await api.post('/api/people', { name: 'Secret Person' }, owner.token)).body.data._id;
  ids.meeting = (await uploadMeeting(server.url, owner.token, ids.project, { path: jfkWavPath() })).body.data._id;
  await server.ctx.repos.transcriptions.replaceForMeeting(server.ctx.db, owner.userId, ids.meeting, [
    { speaker: 'Speaker 1', text: 'confidential words', startMs: 0, endMs: 1000 },
  ]);
  ids.segment = (
    await api.get(`/api/meetings/${ids.meeting}/transcriptions`, owner.token)
  ).body.data.transcriptions[0]._id;
  await api.put(
    `/api/meetings/${ids.meeting}/transcriptions/speaker/Speaker%201/assign`,
    { personId: ids.person },
    owner.token,
  );
  const [actionItem] = await server.ctx.repos.actionItems.insertMany(owner.userId, ids.meeting, [
    { task: 'Secret task', personId: ids.person },
  ]);
  ids.actionItem = actionItem!;
});
afterAll(() => server.close());

describe('one user cannot read or change another user’s data', () => {
  const routes = () =>
    [
      ['GET', `/api/projects/${ids.project}`],
      ['PUT', `/api/projects/${ids.project}`, { name: 'Hijacked' }],
      ['DELETE', `/api/projects/${ids.project}`],
      ['GET', `/api/projects/${ids.project}/meetings`],
      ['GET', `/api/projects/${ids.project}/meetings/${ids.meeting}`],
      ['PUT', `/api/projects/${ids.project}/meetings/${ids.meeting}`, { title: 'Hijacked' }],
      ['DELETE', `/api/projects/${ids.project}/meetings/${ids.meeting}`],
      ['GET', `/api/projects/${ids.project}/meetings/${ids.meeting}/audio`],
      ['GET', `/api/projects/${ids.project}/meetings/${ids.meeting}/audio-url`],
      ['GET', `/api/meetings/${ids.meeting}/transcriptions`],
      ['PATCH', `/api/meetings/${ids.meeting}/transcriptions/${ids.segment}`, { text: 'Hijacked' }],
      ['DELETE', `/api/meetings/${ids.meeting}/transcriptions/${ids.segment}`],
      ['PUT', `/api/meetings/${ids.meeting}/transcriptions/speaker/Speaker%201/assign`, { personId: null }],
      ['PUT', `/api/meetings/${ids.meeting}/transcriptions/people/${ids.person}/assign`, { newPersonId: null }],
      ['GET', `/api/people/${ids.person}`],
      ['PUT', `/api/people/${ids.person}`, { name: 'Hijacked' }],
      ['DELETE', `/api/people/${ids.person}`],
      ['GET', `/api/people/${ids.person}/transcriptions`],
      ['GET', `/api/people/${ids.person}/transcriptions?search=confidential`],
      ['GET', `/api/meetings/${ids.meeting}/transcriptions/hybrid-search?q=confidential`],
      ['GET', `/api/projects/${ids.project}/transcriptions/search-all?q=confidential`],
      ['POST', `/api/projects/${ids.project}/meetings/${ids.meeting}/summary/stream`],
      ['POST', `/api/projects/${ids.project}/meetings/${ids.meeting}/action-items/generate`],
      ['GET', `/api/projects/${ids.project}/meetings/${ids.meeting}/action-items`],
      [
        'PATCH',
        `/api/projects/${ids.project}/meetings/${ids.meeting}/action-items/${ids.actionItem}`,
        { status: 'completed' },
      ],
      ['DELETE', `/api/projects/${ids.project}/meetings/${ids.meeting}/action-items/${ids.actionItem}`],
      ['GET', `/api/meetings/${ids.meeting}/export?format=json`],
      ['GET', `/api/meetings/${ids.meeting}/export?format=docx`],
    ] as Array<[string, string, unknown?]>;

  it('answers 404 on every route for the other user’s ids', async () => {
    for (const [method, path, body] of routes()) {
      const res = await api.request(method, path, { token: intruder.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const upload = await uploadMeeting(server.url, intruder.token, ids.project, { path: jfkWavPath() });
    expect(upload.status).toBe(404);
    const imported = await importTranscript(server.url, intruder.token, ids.project, {
      name: 'planted.vtt',
      text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nPlanted\n',
    });
    expect(imported.status).toBe(404);
  });

  it('refuses the other user’s meeting list with 403', async () => {
    expect((await api.get(`/api/users/${owner.userId}/meetings?limit=5`, intruder.token)).status).toBe(403);
  });

  it('cannot link the owner’s segments to the intruder’s people, nor use the owner’s person', async () => {
    const theirPerson = (await api.post('/api/people', { name: 'Intruder Friend' }, intruder.token)).body.data._id;
    const res = await api.put(
      `/api/meetings/${ids.meeting}/transcriptions/speaker/Speaker%201/assign`,
      { personId: theirPerson },
      owner.token,
    );
    expect(res.status).toBe(404);
    const theirProject = (await api.post('/api/projects', { name: 'Intruder project' }, intruder.token)).body.data._id;
    const move = await api.put(
      `/api/projects/${ids.project}/meetings/${ids.meeting}`,
      { projectId: theirProject },
      owner.token,
    );
    expect(move.status).toBe(400);
    const link = await api.patch(
      `/api/projects/${ids.project}/meetings/${ids.meeting}/action-items/${ids.actionItem}`,
      { personId: theirPerson },
      owner.token,
    );
    expect(link.status).toBe(400);
  });

  it('sees none of the owner’s rows in its own lists', async () => {
    expect(
      (await api.get('/api/projects', intruder.token)).body.data.projects.map((p: { name: string }) => p.name),
    ).not.toContain('Secret project');
    expect(
      (await api.get('/api/people', intruder.token)).body.data.people.map((p: { name: string }) => p.name),
    ).not.toContain('Secret Person');
    expect(
      (
        await api.get(
          `/api/users/${(await api.get('/api/users/me', intruder.token)).body.data._id}/meetings`,
          intruder.token,
        )
      ).body.data.meetings,
    ).toEqual([]);
    // Search reads the index, not the tables the routes above guard: it must scope by user on its own.
    const ownSearch = (
      await api.get(`/api/projects/${ids.project}/transcriptions/search-all?q=confidential`, owner.token)
    ).body.data;
    expect(ownSearch.pagination.total).toBe(1);
    const theirProject = (await api.post('/api/projects', { name: 'Empty' }, intruder.token)).body.data._id;
    const theirSearch = await api.get(
      `/api/projects/${theirProject}/transcriptions/search-all?q=confidential`,
      intruder.token,
    );
    expect(theirSearch.body.data.results).toEqual([]);
  });

  it('left the owner’s data exactly as it was', async () => {
    const project = (await api.get(`/api/projects/${ids.project}`, owner.token)).body.data;
    expect(project).toMatchObject({ name: 'Secret project', description: 'mine', meetingCount: 1 });
    const meeting = (await api.get(`/api/projects/${ids.project}/meetings/${ids.meeting}`, owner.token)).body.data;
    expect(meeting.title).toBe('Test meeting');
    const segments = (await api.get(`/api/meetings/${ids.meeting}/transcriptions`, owner.token)).body.data
      .transcriptions;
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({
      text: 'confidential words',
      personId: { _id: ids.person, name: 'Secret Person' },
    });
    expect((await api.get(`/api/people/${ids.person}`, owner.token)).body.data.name).toBe('Secret Person');
    const items = (await api.get(`/api/projects/${ids.project}/meetings/${ids.meeting}/action-items`, owner.token)).body
      .data.actionItems;
    expect(items).toEqual([
      expect.objectContaining({
        _id: ids.actionItem,
        task: 'Secret task',
        status: 'pending',
        personId: { _id: ids.person, name: 'Secret Person' },
      }),
    ]);
    expect(meeting).toMatchObject({ actionItemsStatus: 'not_started' });
    expect(meeting.summary).toBeUndefined();
  });
});
