import { AskChunkEvent, AskCompleteEvent } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError } from '../helpers/api.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.ts';
import { startTestServer } from '../helpers/server.ts';
import { importTranscript, uploadMeeting } from '../helpers/uploads.ts';

// POST /api/ask: the passages of the user's own meetings answer (decision 163), with the builtin engine
// and with an OpenAI-compatible model (the local fake model server, the only fake).

const PLANNING = [
  { speaker: 'Priya', text: 'Good morning, let us go through the plan.' },
  { speaker: 'Marcus', text: 'The launch is on the fourteenth of March, a Tuesday.' },
  { speaker: 'Priya', text: 'The price of the starter plan stays at twelve euros.' },
  { speaker: 'Marcus', text: 'I will send the export figures on Friday.' },
];

interface Ask {
  question: string;
  projectId?: string;
  meetingId?: string;
}

async function setUp(env: Record<string, string> = {}) {
  const server = await startTestServer(env);
  const api = apiClient(server.url);
  const users = [];
  for (let i = 0; i < 2; i++) {
    const user = await api.register();
    const projectId = (await api.post('/api/projects', { name: 'Launch' }, user.token)).body.data._id as string;
    const meetingId = (
      await uploadMeeting(server.url, user.token, projectId, { path: jfkWavPath() }, { title: 'Planning' })
    ).body.data._id as string;
    await server.ctx.repos.transcriptions.replaceForMeeting(
      server.ctx.db,
      user.user._id,
      meetingId,
      PLANNING.map((l, k) => ({ ...l, startMs: k * 60_000, endMs: k * 60_000 + 5000 })),
    );
    users.push({ token: user.token as string, projectId, meetingId });
  }
  const [owner, other] = users as [(typeof users)[0], (typeof users)[0]];
  const ask = (body: Ask | Record<string, unknown>, token = owner.token) =>
    fetch(`${server.url}/api/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { server, api, owner, other, ask };
}

/** The named events of a text/event-stream body, in order. */
async function events(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const list: Array<{ event: string; data: unknown }> = [];
  for (const block of (await response.text()).split('\n\n')) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (event && data) list.push({ event, data: JSON.parse(data) });
  }
  const chunks = list.filter((e) => e.event === 'chunk').map((e) => AskChunkEvent.parse(e.data).text);
  const last = list.at(-1);
  expect(last?.event).toBe('complete');
  return { chunks, complete: AskCompleteEvent.parse(last?.data) };
}

describe('ask, builtin engine', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    ctx = await setUp();
  });
  afterAll(() => ctx.server.close());

  it('answers "When is the launch?" with the segment that gives the date, who said it and when', async () => {
    const { chunks, complete } = await events(await ctx.ask({ question: 'When is the launch?' }));
    expect(chunks.join('')).toBe(complete.answer);
    expect(complete.answer).toContain('fourteenth of March');
    expect(complete.answer).toContain('Marcus');
    expect(complete.answer).toContain('1:00');
    expect(complete.citations).toEqual([
      expect.objectContaining({ meetingId: ctx.owner.meetingId, startTime: 60_000, text: PLANNING[1]!.text }),
    ]);
  });

  it('says plainly when nothing matches, and cites nothing', async () => {
    const { complete } = await events(await ctx.ask({ question: 'What did we decide about the zeppelin hangar?' }));
    expect(complete).toEqual({ answer: 'Nothing in your meetings answers that question.', citations: [] });
  });

  it("asks one meeting or one project, and another user's meeting or project is 404", async () => {
    const inMeeting = await events(
      await ctx.ask({ question: 'export figures', projectId: ctx.owner.projectId, meetingId: ctx.owner.meetingId }),
    );
    expect(inMeeting.complete.citations.map((c) => c.text)).toEqual([PLANNING[3]!.text]);
    const inProject = await events(await ctx.ask({ question: 'price', projectId: ctx.owner.projectId }));
    expect(inProject.complete.citations.map((c) => c.meetingId)).toEqual([ctx.owner.meetingId]);

    expectError(await jsonOf(ctx.ask({ question: 'price', meetingId: ctx.other.meetingId })), 404);
    expectError(await jsonOf(ctx.ask({ question: 'price', projectId: ctx.other.projectId })), 404);
    expectError(await jsonOf(ctx.ask({ question: '  ' })), 400, 'Question cannot be empty');
    expectError(await jsonOf(ctx.ask({ question: 'x'.repeat(501) })), 400);
  });

  it("never cites another user's segments", async () => {
    const mine = await events(await ctx.ask({ question: 'When is the launch?' }));
    const theirs = await events(await ctx.ask({ question: 'When is the launch?' }, ctx.other.token));
    expect(mine.complete.citations.map((c) => c.meetingId)).toEqual([ctx.owner.meetingId]);
    expect(theirs.complete.citations.map((c) => c.meetingId)).toEqual([ctx.other.meetingId]);
  });

  // Last: it adds a meeting to the owner's library.
  it('"When is the launch?" among meetings that mention the launch often cites the date first', async () => {
    const talk = [
      'The launch video is nearly done, the launch video needs music.',
      'For the launch party we need a bigger room than the launch room.',
      'Launch, launch, launch: the launch banner says launch in red.',
      'Our launch slides follow the launch checklist for the launch.',
      'The launch email goes out with the launch video and the launch photos.',
      'Marketing asks whether the launch logo can be bigger for the launch.',
    ];
    const vtt = `WEBVTT\n\n${talk
      .map((text, i) => `00:0${i}:00.000 --> 00:0${i}:05.000\n<v Dana>${text}`)
      .join('\n\n')}\n`;
    const imported = await importTranscript(
      ctx.server.url,
      ctx.owner.token,
      ctx.owner.projectId,
      { name: 'marketing.vtt', text: vtt },
      { fields: { title: 'Marketing sync', recordingType: 'upload' } },
    );
    expect(imported.status).toBe(201);

    const { complete } = await events(await ctx.ask({ question: 'When is the launch?' }));
    expect(complete.citations[0]).toEqual(
      expect.objectContaining({ meetingId: ctx.owner.meetingId, startTime: 60_000, text: PLANNING[1]!.text }),
    );
    expect(complete.answer).toContain('fourteenth of March');
    // Not a question of time: the same passages in the engine's order, the date not put first.
    const plain = await events(await ctx.ask({ question: 'What about the launch?' }));
    expect(plain.complete.citations).toHaveLength(5);
    expect(plain.complete.citations[0]?.text).not.toBe(PLANNING[1]!.text);
  });
});

describe('ask, OpenAI-compatible engine', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi(() => ({
      stream: ['The launch is on ', 'the fourteenth of March [1]', ', said Marcus [7].'],
    }));
    ctx = await setUp({ AI_ENGINE: 'openai', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'llama3.1' });
  });
  afterAll(async () => {
    await ctx.server.close();
    await fake.close();
  });

  it('gives the model the passages with their markers, relays its answer and cites what it marks', async () => {
    const { chunks, complete } = await events(await ctx.ask({ question: 'When is the launch?' }));
    const request = fake.requests.at(-1)!;
    const prompt = request.messages.map((m) => m.content).join('\n');
    expect(request.stream).toBe(true);
    expect(prompt).toContain(`[1] Marcus, "Planning"`);
    expect(prompt).toContain(PLANNING[1]!.text);
    expect(prompt).toContain('Question: When is the launch?');
    expect(chunks).toEqual(['The launch is on ', 'the fourteenth of March [1]', ', said Marcus [7].']);
    // [7] names no passage: only real segments of the user's own meeting are cited.
    expect(complete.citations.map((c) => [c.meetingId, c.text])).toEqual([[ctx.owner.meetingId, PLANNING[1]!.text]]);
  });

  it('does not ask the model when nothing matches', async () => {
    const before = fake.requests.length;
    const { complete } = await events(await ctx.ask({ question: 'zeppelin hangar' }));
    expect(complete.citations).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });
});

async function jsonOf(response: Promise<Response>) {
  const res = await response;
  return { status: res.status, body: await res.json() };
}
