import { SummaryTemplateListResponse, SummaryTemplateResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAmiMeeting } from '../fixtures/ami-notes.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.ts';
import { readSse, seedTranscribedMeeting } from '../helpers/notes.ts';
import { startTestServer } from '../helpers/server.ts';

const TEMPLATE = {
  name: 'Client call',
  sections: [
    { heading: 'Decisions', instruction: 'What was decided.' },
    { heading: 'Risks', instruction: 'What could go wrong.' },
    { heading: 'Customer questions', instruction: 'What the customer asked.' },
    { heading: 'Per person', instruction: 'What each person said.' },
    { heading: 'Budget impact', instruction: 'Estimate the cost in euros.' },
  ],
};

async function setUp(env: Record<string, string> = {}) {
  const server = await startTestServer({
    TRANSCRIPTION_ENGINE: 'remote',
    REMOTE_ASR_URL: 'http://127.0.0.1:9/v1',
    ...env,
  });
  const api = apiClient(server.url);
  const user = await api.register();
  const owner = { token: user.token, userId: user.user._id };
  const projectId = (await api.post('/api/projects', { name: 'Remote control' }, owner.token)).body.data._id;
  const meetingId = await seedTranscribedMeeting(server, owner, projectId, loadAmiMeeting('TS3005a').input.segments);
  const stream = async (body?: unknown, token = owner.token) => {
    const response = await fetch(`${server.url}/api/projects/${projectId}/meetings/${meetingId}/summary/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response;
  };
  return { server, api, owner, projectId, stream };
}

describe('summary templates, builtin engine', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    ctx = await setUp();
  });
  afterAll(() => ctx.server.close());

  it('keeps a user’s templates beside the built-in one; another user’s is a 404', async () => {
    const { api, owner } = ctx;
    const created = await api.post('/api/summary-templates', TEMPLATE, owner.token);
    expect(created.status).toBe(201);
    const template = expectSchema(SummaryTemplateResponse, created.body).data;
    expect(template).toMatchObject({ name: 'Client call', builtIn: false, sections: TEMPLATE.sections });
    const list = expectSchema(SummaryTemplateListResponse, (await api.get('/api/summary-templates', owner.token)).body);
    expect(list.data.templates.map((t) => [t.name, t.builtIn])).toEqual([
      ['Standard notes', true],
      ['Client call', false],
    ]);
    const renamed = await api.put(
      `/api/summary-templates/${template._id}`,
      { ...TEMPLATE, name: 'Customer call' },
      owner.token,
    );
    expect(renamed.body.data.name).toBe('Customer call');
    expectError(await api.post('/api/summary-templates', { name: 'Empty', sections: [] }, owner.token), 400);
    expectError(await api.put('/api/summary-templates/default', TEMPLATE, owner.token), 400);

    const other = await api.register();
    expectError(await api.put(`/api/summary-templates/${template._id}`, TEMPLATE, other.token), 404);
    expectError(await api.delete(`/api/summary-templates/${template._id}`, other.token), 404);
    expect((await api.get('/api/summary-templates', other.token)).body.data.templates).toHaveLength(1);
    const otherProject = (await api.post('/api/projects', { name: 'Theirs' }, other.token)).body.data._id;
    expectError(await api.put(`/api/projects/${otherProject}`, { summaryTemplateId: template._id }, other.token), 404);
    // Streaming with someone else's template: 404 before any stream starts.
    const refused = await ctx.stream({ templateId: template._id }, other.token);
    expect(refused.status).toBe(404);
  });

  it('changes the sections of the builtin summary, and says which it cannot fill', async () => {
    const { api, owner } = ctx;
    const [, template] = (await api.get('/api/summary-templates', owner.token)).body.data.templates;
    const response = await ctx.stream({ templateId: template._id });
    expect(response.status).toBe(200);
    const { events } = await readSse(response);
    const summary = events.find((e) => e.type === 'complete')!.meeting!.summary!;
    const headings = [...summary.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(['Decisions', 'Risks', 'Customer questions', 'Per person', 'Budget impact']);
    expect(summary).not.toContain('## Key points');
    expect(summary).toContain('_Not filled by the builtin engine: Budget impact._');
    expect(summary).toMatch(/## Per person\n\n- \*\*Project Manager\*\*\n {2}- \(\[\d+:\d\d\]\(\?t=\d+\)\)/);
  });

  it('uses the project’s default template when none is picked, and the built-in one once it is deleted', async () => {
    const { api, owner, projectId } = ctx;
    const [, template] = (await api.get('/api/summary-templates', owner.token)).body.data.templates;
    const set = await api.put(`/api/projects/${projectId}`, { summaryTemplateId: template._id }, owner.token);
    expect(set.body.data.summaryTemplateId).toBe(template._id);
    const plain = await ctx.stream();
    expect(plain.status).toBe(200);
    let summary = (await readSse(plain)).events.find((e) => e.type === 'complete')!.meeting!.summary!;
    expect(summary).toMatch(/^## Decisions/);
    expect((await api.delete(`/api/summary-templates/${template._id}`, owner.token)).status).toBe(204);
    expect((await api.get(`/api/projects/${projectId}`, owner.token)).body.data.summaryTemplateId).toBeNull();
    summary = (await readSse(await ctx.stream())).events.find((e) => e.type === 'complete')!.meeting!.summary!;
    expect(summary).toMatch(/^## Overview/);
  });
});

describe('summary templates, OpenAI-compatible engine', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi(() => ({ stream: ['## Entscheidungen\n\n', '- Das Budget steht.'] }));
    ctx = await setUp({
      AI_ENGINE: 'openai',
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'llama3.1',
      AI_CONTEXT_TOKENS: '32768',
    });
  });
  afterAll(async () => {
    await ctx.server.close();
    await fake.close();
  });

  it('puts the template’s headings and instructions, and the chosen language, in the model’s prompt', async () => {
    const template = (await ctx.api.post('/api/summary-templates', TEMPLATE, ctx.owner.token)).body.data;
    const response = await ctx.stream({ templateId: template._id, language: 'German' });
    const { events } = await readSse(response);
    expect(events.find((e) => e.type === 'complete')!.meeting!.summary).toContain('Das Budget steht.');
    const system = fake.requests.at(-1)!.messages.find((m) => m.role === 'system')!.content;
    expect(system).toContain('Write in German.');
    for (const section of TEMPLATE.sections) expect(system).toContain(`## ${section.heading}\n${section.instruction}`);
    expect(system).not.toContain('## Key points');
  });
});
