import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, expectError } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript } from '../helpers/uploads.ts';

// Issue 37: an editor moves meetings only between projects they can edit (docs/decisions/220). A member
// whose role falls short of it is told so (403), as on every other route; a project they are not in stays
// one that does not exist for them.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let ann: { token: string };
let bob: { token: string };
const projects = { edited: '', alsoEdited: '', viewed: '', notIn: '', bobsOwn: '' };
let meeting = '';

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Ann>The budget is agreed.\n';
const move = (from: string, to: string, token = bob.token) =>
  api.put(`/api/projects/${from}/meetings/${meeting}`, { projectId: to }, token);

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const owner = await api.registerWithProject('Edited', 'ann', 'ann@example.com');
  ann = owner;
  projects.edited = owner.projectId;
  const made = async (name: string) => (await api.post('/api/projects', { name }, ann.token)).body.data._id as string;
  projects.alsoEdited = await made('Also edited');
  projects.viewed = await made('Viewed');
  projects.notIn = await made('Not in');
  const other = await api.registerWithProject('Bob own', 'bob', 'bob@example.com');
  bob = other;
  projects.bobsOwn = other.projectId;
  for (const [project, role] of [
    [projects.edited, 'editor'],
    [projects.alsoEdited, 'editor'],
    [projects.viewed, 'viewer'],
  ] as const) {
    const added = await api.post(`/api/projects/${project}/members`, { email: 'bob@example.com', role }, ann.token);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  const imported = await importTranscript(server.url, ann.token, projects.edited, { name: 'm.vtt', text: VTT });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  meeting = imported.body.data._id;
});
afterAll(() => server?.close());

describe('moving a meeting of a shared project', () => {
  it('moves it between two projects the editor edits', async () => {
    const moved = await move(projects.edited, projects.alsoEdited);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.projectId).toBe(projects.alsoEdited);
    expect((await move(projects.alsoEdited, projects.edited)).status).toBe(200);
  });

  it('refuses with a 403 a project the editor only views, and leaves the meeting where it was', async () => {
    expectError(await move(projects.edited, projects.viewed), 403, /view/);
    const listed = (await api.get(`/api/projects/${projects.edited}/meetings`, ann.token)).body.data.meetings;
    expect(listed.map((m: { _id: string }) => m._id)).toEqual([meeting]);
  });

  it('refuses a project the editor is not in as one that does not exist (400), and another holder’s (400)', async () => {
    expectError(await move(projects.edited, projects.notIn), 400, 'The target project does not exist');
    expectError(
      await move(projects.edited, projects.bobsOwn),
      400,
      'A meeting can only move between projects created by the same account',
    );
  });
});
