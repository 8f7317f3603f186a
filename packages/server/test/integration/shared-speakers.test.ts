import { ProjectPeopleResponse, TranscriptionPageResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// Who a speaker in a shared project may be linked to (issue 37; docs/decisions/266): an editor links
// their own contacts or the ones already named in the project, never a contact of someone else's that
// the project does not name; every member reads the name, nothing else of the contact.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
type Account = { token: string; id: string };
const who = {} as Record<'ann' | 'bob' | 'cat' | 'dan', Account>;
let project = '';
let meeting = '';
const contact = {} as Record<'priya' | 'quinn' | 'omar' | 'dana', string>;

const addPerson = async (name: string, token: string) =>
  (await api.post('/api/people', { name, company: `${name.split(' ')[0]} & Co` }, token)).body.data._id as string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  for (const name of ['ann', 'bob', 'cat', 'dan'] as const) {
    const { token, user } = await api.register(name, `${name}@example.com`);
    who[name] = { token, id: user._id };
  }
  project = (await api.post('/api/projects', { name: 'Lab' }, who.ann.token)).body.data._id;
  meeting = (await uploadMeeting(server.url, who.ann.token, project, { path: jfkWavPath() })).body.data._id;
  await server.ctx.repos.transcriptions.replaceForMeeting(server.ctx.db, who.ann.id, meeting, [
    { speaker: 'Speaker 1', text: 'The centrifuge is balanced.', startMs: 0, endMs: 3000 },
    { speaker: 'Speaker 2', text: 'Then order the gaskets.', startMs: 3000, endMs: 6000 },
    { speaker: 'Speaker 3', text: 'I will write it down.', startMs: 6000, endMs: 9000 },
  ]);
  contact.priya = await addPerson('Priya Raman', who.ann.token); // named in the project below
  contact.quinn = await addPerson('Quinn Private', who.ann.token); // Ann's, never named in it
  contact.omar = await addPerson('Omar Field', who.bob.token); // the editor's own
  contact.dana = await addPerson('Dana Outside', who.dan.token); // a non-member's
  const linked = await api.put(
    `/api/meetings/${meeting}/transcriptions/speaker/${encodeURIComponent('Speaker 1')}/assign`,
    { personId: contact.priya },
    who.ann.token,
  );
  expect(linked.status).toBe(200);
  for (const [name, role] of [
    ['bob', 'editor'],
    ['cat', 'viewer'],
  ] as const) {
    const added = await api.post(
      `/api/projects/${project}/members`,
      { email: `${name}@example.com`, role },
      who.ann.token,
    );
    expect(added.status).toBe(201);
  }
});
afterAll(() => server?.close());

const projectPeople = async (token: string) =>
  expectSchema(ProjectPeopleResponse, (await api.get(`/api/projects/${project}/people`, token)).body).data.people;
const assign = (speaker: string, personId: string, token: string) =>
  api.put(`/api/meetings/${meeting}/transcriptions/speaker/${encodeURIComponent(speaker)}/assign`, { personId }, token);
const speakers = async (token: string) =>
  expectSchema(
    TranscriptionPageResponse,
    (await api.get(`/api/meetings/${meeting}/transcriptions?page=1&limit=50`, token)).body,
  ).data.transcriptions.map((s) => [s.speaker, s.personId && typeof s.personId === 'object' ? s.personId.name : null]);

describe('linking speakers in a shared project', () => {
  it('offers an editor their own contacts and the ones the project names, nobody else’s', async () => {
    expect(await projectPeople(who.bob.token)).toEqual([
      { _id: contact.omar, name: 'Omar Field', company: 'Omar & Co', own: true },
      // another's contact: its name, nothing else of it (issue 37)
      { _id: contact.priya, name: 'Priya Raman', own: false },
    ]);
    // the holder: her own contacts (Bob's are named nowhere in the project yet)
    expect((await projectPeople(who.ann.token)).map((p) => [p.name, p.own])).toEqual([
      ['Priya Raman', true],
      ['Quinn Private', true],
    ]);
    expectError(await api.get(`/api/projects/${project}/people`, who.cat.token), 403);
    expectError(await api.get(`/api/projects/${project}/people`, who.dan.token), 404);
  });

  it('lets an editor link a speaker to their own contact, and every member reads the name', async () => {
    const res = await assign('Speaker 2', contact.omar, who.bob.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.modifiedCount).toBe(1);
    for (const token of [who.ann.token, who.bob.token, who.cat.token]) {
      expect(await speakers(token)).toEqual([
        ['Speaker 1', 'Priya Raman'],
        ['Speaker 2', 'Omar Field'],
        ['Speaker 3', null],
      ]);
    }
    // now named in the project, the holder may link it too; his contact book stays his
    expect((await projectPeople(who.ann.token)).find((p) => p._id === contact.omar)).toMatchObject({ own: false });
    expectError(await api.get(`/api/people/${contact.omar}`, who.ann.token), 404);
  });

  it('lets an editor link a contact of the holder’s the project names, not one it does not', async () => {
    expect((await assign('Speaker 3', contact.priya, who.bob.token)).status).toBe(200);
    expectError(await assign('Speaker 3', contact.quinn, who.bob.token), 404);
    expectError(await assign('Speaker 3', contact.dana, who.bob.token), 404);
    const segment = (await api.get(`/api/meetings/${meeting}/transcriptions?page=1&limit=50`, who.bob.token)).body.data
      .transcriptions[2]._id as string;
    expectError(
      await api.put(
        `/api/meetings/${meeting}/transcriptions/${segment}/speaker`,
        { personId: contact.quinn },
        who.bob.token,
      ),
      404,
    );
    const own = await api.put(
      `/api/meetings/${meeting}/transcriptions/${segment}/speaker`,
      { personId: contact.omar },
      who.bob.token,
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.personId).toMatchObject({ _id: contact.omar, name: 'Omar Field' });
    // a viewer links nothing
    expectError(await assign('Speaker 3', contact.priya, who.cat.token), 403);
  });

  it('assigns an action item to the same people, and no other', async () => {
    const items = `/api/projects/${project}/meetings/${meeting}/action-items`;
    const mine = await api.post(items, { task: 'Order gaskets', assigneePersonId: contact.omar }, who.bob.token);
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(mine.body.data.personId).toMatchObject({ _id: contact.omar, name: 'Omar Field' });
    const theirs = await api.post(items, { task: 'Balance it', assigneePersonId: contact.priya }, who.bob.token);
    expect(theirs.status).toBe(201);
    expectError(await api.post(items, { task: 'Secret', assigneePersonId: contact.quinn }, who.bob.token), 400);
  });

  it('shows each member a contact’s name and nothing else of it, its company to its owner only', async () => {
    type Ref = { _id: string; name: string; company?: string } | null;
    const refs = async (token: string) =>
      (await api.get(`/api/meetings/${meeting}/transcriptions?page=1&limit=50`, token)).body.data.transcriptions.map(
        (s: { personId: Ref }) => s.personId,
      );
    // Speaker 1: Ann's Priya; Speaker 2 and 3: Bob's Omar (the tests above)
    expect(await refs(who.cat.token)).toEqual([
      { _id: contact.priya, name: 'Priya Raman' },
      { _id: contact.omar, name: 'Omar Field' },
      { _id: contact.omar, name: 'Omar Field' },
    ]);
    expect((await refs(who.ann.token)).slice(0, 2)).toEqual([
      { _id: contact.priya, name: 'Priya Raman', company: 'Priya & Co' },
      { _id: contact.omar, name: 'Omar Field' },
    ]);
    expect((await refs(who.bob.token)).slice(0, 2)).toEqual([
      { _id: contact.priya, name: 'Priya Raman' },
      { _id: contact.omar, name: 'Omar Field', company: 'Omar & Co' },
    ]);
    expect((await projectPeople(who.bob.token)).map((p) => [p.name, p.company ?? null])).toEqual([
      ['Omar Field', 'Omar & Co'],
      ['Priya Raman', null],
    ]);
    // nor anywhere else the viewer reads them: action items, search, every export
    const items = await api.get(`/api/projects/${project}/meetings/${meeting}/action-items`, who.cat.token);
    expect(items.body.data.actionItems.map((i: { personId: Ref }) => i.personId)).toEqual([
      { _id: contact.omar, name: 'Omar Field' },
      { _id: contact.priya, name: 'Priya Raman' },
    ]);
    const found = await api.get(`/api/meetings/${meeting}/transcriptions/hybrid-search?q=gaskets`, who.cat.token);
    expect(found.body.data.transcriptions.map((s: { personId: Ref }) => s.personId)).toEqual([
      { _id: contact.omar, name: 'Omar Field' },
    ]);
    const inProject = await api.get(`/api/projects/${project}/transcriptions/search-all?q=gaskets`, who.cat.token);
    expect(JSON.stringify(inProject.body)).toContain('Omar Field');
    expect(JSON.stringify(inProject.body)).not.toContain('& Co');
    for (const format of ['json', 'txt', 'md', 'srt', 'vtt']) {
      const exported = await api.get(`/api/meetings/${meeting}/export?format=${format}`, who.cat.token);
      expect(exported.status, format).toBe(200);
      expect(String(typeof exported.body === 'string' ? exported.body : JSON.stringify(exported.body))).not.toContain(
        '& Co',
      );
    }
  });

  it('lists the segments of an editor’s contact in the shared project on their person page, while a member', async () => {
    const page = async () =>
      (await api.get(`/api/people/${contact.omar}/transcriptions?page=1&limit=20`, who.bob.token)).body.data;
    expect((await page()).transcriptions.map((s: { text: string }) => s.text)).toEqual([
      'Then order the gaskets.',
      'I will write it down.',
    ]);
    const searched = await api.get(`/api/people/${contact.omar}/transcriptions?search=gaskets`, who.bob.token);
    expect(searched.body.data.transcriptions.map((s: { text: string }) => s.text)).toEqual(['Then order the gaskets.']);

    expect((await api.delete(`/api/projects/${project}/members/${who.bob.id}`, who.ann.token)).status).toBe(204);
    expect((await page()).transcriptions).toEqual([]);
    // the name stays on what it was linked to
    expect((await speakers(who.ann.token))[1]).toEqual(['Speaker 2', 'Omar Field']);
    // and goes when its owner deletes the contact: the label is back
    expect((await api.delete(`/api/people/${contact.omar}`, who.bob.token)).status).toBe(204);
    expect(await speakers(who.ann.token)).toEqual([
      ['Speaker 1', 'Priya Raman'],
      ['Speaker 2', null],
      ['Speaker 3', null],
    ]);
  });

  it('lets the project hand the segments of a former member’s contact, no longer offered, to someone else', async () => {
    // Dan, an editor for a while, names Speaker 3 with his own contact, then leaves the project.
    const added = await api.post(
      `/api/projects/${project}/members`,
      { email: 'dan@example.com', role: 'editor' },
      who.ann.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await assign('Speaker 3', contact.dana, who.dan.token)).status).toBe(200);
    expect((await api.delete(`/api/projects/${project}/members/${who.dan.id}`, who.ann.token)).status).toBe(204);
    expect((await projectPeople(who.ann.token)).map((p) => p.name)).not.toContain('Dana Outside');
    // Ann moves every segment of Dana's to Priya: what was linked here may be unlinked here.
    const moved = await api.put(
      `/api/meetings/${meeting}/transcriptions/people/${contact.dana}/assign`,
      { newPersonId: contact.priya },
      who.ann.token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.modifiedCount).toBe(1);
    expect((await speakers(who.ann.token))[2]).toEqual(['Speaker 3', 'Priya Raman']);
    // a contact of someone else's that nothing here is linked to is still unknown here
    expectError(
      await api.put(
        `/api/meetings/${meeting}/transcriptions/people/${contact.dana}/assign`,
        { newPersonId: contact.priya },
        who.ann.token,
      ),
      404,
    );
  });
});
