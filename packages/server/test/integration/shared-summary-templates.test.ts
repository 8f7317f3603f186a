import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, expectError } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript } from '../helpers/uploads.ts';

// Issue 37: an editor writes a shared project's summaries, and summary templates are personal (like
// People): the Summary tab offers the caller's own. So a member generates with one of their own
// templates, and an owner who did not create the project may make one of theirs its default.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
const who = {} as Record<'ann' | 'bob' | 'cat', { token: string }>;
let project = '';
let meeting = '';

const VTT =
  'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Ann>We agreed on the budget for the launch.\n\n' +
  '00:00:04.000 --> 00:00:09.000\n<v Bob>I will send the report to the board by Friday.\n';
const template = async (token: string, heading: string) => {
  const made = await api.post(
    '/api/summary-templates',
    { name: `${heading} notes`, sections: [{ heading, instruction: `The ${heading.toLowerCase()}` }] },
    token,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data._id as string;
};
const generate = (token: string, body: object = {}) =>
  api.post(`/api/projects/${project}/meetings/${meeting}/summary/stream`, body, token);
const summary = async () =>
  (await api.get(`/api/projects/${project}/meetings/${meeting}`, who.ann.token)).body.data.summary as string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  for (const name of ['ann', 'bob', 'cat'] as const) who[name] = await api.register(name, `${name}@example.com`);
  project = (await api.post('/api/projects', { name: 'Lab' }, who.ann.token)).body.data._id;
  for (const [name, role] of [
    ['bob', 'editor'],
    ['cat', 'owner'],
  ] as const) {
    const added = await api.post(
      `/api/projects/${project}/members`,
      { email: `${name}@example.com`, role },
      who.ann.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  const imported = await importTranscript(server.url, who.ann.token, project, { name: 'm.vtt', text: VTT });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  meeting = imported.body.data._id;
});
afterAll(() => server?.close());

describe('summary templates in a shared project', () => {
  it('lets an editor generate with one of their own templates, not with someone else’s', async () => {
    const bobs = await template(who.bob.token, 'Gist');
    const generated = await generate(who.bob.token, { templateId: bobs });
    expect(generated.status, String(generated.body)).toBe(200);
    expect(await summary()).toContain('## Gist');
    const anns = await template(who.ann.token, 'Outcome');
    expectError(await generate(who.bob.token, { templateId: anns }), 404, 'Summary template not found');
  });

  it('lets an owner who did not create the project make one of their templates its default, which every member then gets', async () => {
    const cats = await template(who.cat.token, 'Decisions taken');
    const set = await api.put(`/api/projects/${project}`, { summaryTemplateId: cats }, who.cat.token);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.summaryTemplateId).toBe(cats);
    expect((await generate(who.ann.token)).status).toBe(200);
    expect(await summary()).toContain('## Decisions taken');
    // deleted by its owner, the project goes back to the built-in template
    expect((await api.delete(`/api/summary-templates/${cats}`, who.cat.token)).status).toBe(204);
    expect((await api.get(`/api/projects/${project}`, who.ann.token)).body.data.summaryTemplateId).toBeNull();
    expect((await generate(who.bob.token)).status).toBe(200);
    expect(await summary()).not.toContain('## Decisions taken');
  });
});
