import { MeetingResponse } from '@parley/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authorization } from '../../src/http/plugins/access.ts';
import { authentication } from '../../src/http/plugins/auth.ts';
import { registerErrorHandler } from '../../src/http/plugins/error-handler.ts';
import { createRouter } from '../../src/http/router.ts';
import { summaryRoutes } from '../../src/http/routes/summary.ts';
import { loadAmiMeeting } from '../fixtures/ami-notes.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { type FakeAnswer, type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.ts';
import { readSse, seedTranscribedMeeting } from '../helpers/notes.ts';
import { startTestServer } from '../helpers/server.ts';

const segments = loadAmiMeeting('ES2002b').input.segments;

async function setUp(env: Record<string, string> = {}) {
  const server = await startTestServer(env);
  const api = apiClient(server.url);
  const user = await api.register();
  const owner = { token: user.token, userId: user.user._id };
  const projectId = (await api.post('/api/projects', { name: 'Notes' }, owner.token)).body.data._id as string;
  const meetingId = await seedTranscribedMeeting(server, owner, projectId, segments, 'Functional design');
  const streamUrl = `${server.url}/api/projects/${projectId}/meetings/${meetingId}/summary/stream`;
  const post = (init: RequestInit = {}) =>
    fetch(streamUrl, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, ...init });
  return { server, api, owner, projectId, meetingId, post };
}

describe('summary stream, builtin engine', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    ctx = await setUp();
  });
  afterAll(() => ctx.server.close());

  it('streams chunks, then completes with the meeting and its saved summary', async () => {
    const response = await ctx.post();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { events, comments } = await readSse(response);
    expect(comments).toContain('stream open');
    const chunks = events.filter((e) => e.type === 'chunk');
    expect(chunks.length).toBeGreaterThan(3);
    const complete = events.at(-1)!;
    expect(complete.type).toBe('complete');
    const streamed = chunks.map((c) => c.content).join('');
    expect(complete.meeting!.summary).toBe(streamed.trim());
    expect(streamed).toContain('## Key points');
    // Points link back to their moment in the recording, and the team's remote-control talk is in it.
    expect(streamed).toMatch(/\]\(\?t=\d+\)/);
    expect(streamed.toLowerCase()).toContain('remote');

    const meeting = expectSchema(
      MeetingResponse,
      (await ctx.api.get(`/api/projects/${ctx.projectId}/meetings/${ctx.meetingId}`, ctx.owner.token)).body,
    ).data;
    expect(meeting.summary).toBe(streamed.trim());
  });

  it('refuses with 409 while another process holds the meeting’s summary lease, and runs once it expires', async () => {
    // What a second API process does when it starts a generation: take the lease in the database.
    const notes = ctx.server.ctx.repos.meetingNotes;
    expect(await notes.acquireSummaryLease(ctx.owner.userId, ctx.meetingId, 'other-process', 60)).toBe(true);
    const refused = await ctx.post();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      success: false,
      message: 'A summary is already being generated for this meeting',
    });
    await ctx.server.ctx.db
      .updateTable('meetings')
      .set({ summary_lease_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', ctx.meetingId)
      .execute();
    const retried = await ctx.post();
    expect(retried.status).toBe(200);
    expect((await readSse(retried)).events.at(-1)!.type).toBe('complete');
  });

  it('answers 404 for another project’s path and 401 without a token', async () => {
    const other = (await ctx.api.post('/api/projects', { name: 'Other' }, ctx.owner.token)).body.data._id;
    const wrongProject = await fetch(
      `${ctx.server.url}/api/projects/${other}/meetings/${ctx.meetingId}/summary/stream`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.owner.token}` },
      },
    );
    expect(wrongProject.status).toBe(404);
    expect((await ctx.post({ headers: {} })).status).toBe(401);
  });
});

describe('summary stream, OpenAI-compatible engine', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  let fake: FakeOpenAi;
  let behaviour: (index: number) => FakeAnswer;
  beforeAll(async () => {
    fake = await startFakeOpenAi((_request, index) => behaviour(index));
    ctx = await setUp({
      AI_ENGINE: 'openai',
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'llama3.1',
      AI_CONTEXT_TOKENS: '200000',
    });
  });
  afterAll(async () => {
    await ctx.server.close();
    await fake.close();
  });

  it('relays the model’s stream as chunks and saves the whole text', async () => {
    behaviour = () => ({ stream: ['## Overview\n\n', 'The team planned ', 'the remote [0:14](?t=14).'] });
    const { events } = await readSse(await ctx.post());
    expect(events).toEqual([
      { type: 'chunk', content: '## Overview\n\n' },
      { type: 'chunk', content: 'The team planned ' },
      { type: 'chunk', content: 'the remote [0:14](?t=14).' },
      expect.objectContaining({
        type: 'complete',
        meeting: expect.objectContaining({ summary: '## Overview\n\nThe team planned the remote [0:14](?t=14).' }),
      }),
    ]);
    const request = fake.requests.at(-1)!;
    expect(request.stream).toBe(true);
    expect(request.model).toBe('llama3.1');
    const prompt = request.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('Meeting: Functional design');
    expect(prompt).toContain('Project Manager');
    expect(prompt).toContain('Write in English');
    expect(prompt).toContain('[0:23] Project Manager: Okay, everybody all set to start the meeting?');
  });

  it('sends an error event when the model server refuses the key, and keeps the old summary', async () => {
    behaviour = () => ({
      status: 401,
      body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
    });
    const { events } = await readSse(await ctx.post());
    expect(events).toEqual([
      { type: 'error', message: 'The AI service refused the API key (HTTP 401); check AI_API_KEY' },
    ]);
    const meeting = (await ctx.api.get(`/api/projects/${ctx.projectId}/meetings/${ctx.meetingId}`, ctx.owner.token))
      .body.data;
    expect(meeting.summary).toBe('## Overview\n\nThe team planned the remote [0:14](?t=14).');
  });

  it('refuses a second request while one streams (409), and a client that goes away cancels the model call', async () => {
    behaviour = () => ({ stream: ['Partial notes'], holdOpen: true });
    const client = new AbortController();
    const first = await ctx.post({ signal: client.signal });
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    // Read until the first chunk arrived: the generation is running now.
    let received = '';
    while (!received.includes('"chunk"')) received += new TextDecoder().decode((await reader.read()).value);

    const second = await ctx.post();
    expectError(
      { status: second.status, body: await second.json() },
      409,
      'A summary is already being generated for this meeting',
    );

    client.abort();
    await fake.aborted; // the server closed its request to the model
    // The lease is given back: a new generation may start. The server gives it back when it has seen
    // the client go, a moment a loaded machine delays, so the test asks until it is let in (a count of
    // tries was a second or so of waiting).
    behaviour = () => ({ stream: ['Fresh notes'] });
    const after = await vi.waitFor(
      async () => {
        const res = await ctx.post();
        if (res.status === 409) await res.body?.cancel();
        expect(res.status).toBe(200);
        return res;
      },
      { timeout: 30_000, interval: 20 },
    );
    expect((await readSse(after)).events.at(-1)).toMatchObject({
      type: 'complete',
      meeting: { summary: 'Fresh notes' },
    });
    fake.releaseStreams();
  });

  it('sends keep-alive comments while the model is silent', async () => {
    // The same route on its own server with a 50 ms keep-alive instead of 15 s, so the test need not wait.
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const router = createRouter(
      app,
      authentication(app, ctx.server.ctx.services),
      authorization(app, ctx.server.ctx.services.access),
      ctx.server.ctx.heavy,
    );
    summaryRoutes(router, ctx.server.ctx, { keepAliveMs: 50 });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      behaviour = () => ({ stream: ['Thinking'], holdOpen: true });
      const response = await fetch(`${url}/api/projects/${ctx.projectId}/meetings/${ctx.meetingId}/summary/stream`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.owner.token}` },
      });
      const reader = response.body!.getReader();
      let received = '';
      while ((received.match(/: keep-alive/g) ?? []).length < 2) {
        received += new TextDecoder().decode((await reader.read()).value);
      }
      expect(received).toContain('data: {"type":"chunk","content":"Thinking"}');
      fake.releaseStreams();
      while (!received.includes('"complete"')) received += new TextDecoder().decode((await reader.read()).value);
    } finally {
      await app.close();
    }
  });
});
