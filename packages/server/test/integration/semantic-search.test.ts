import { MeetingSearchResponse, PersonTranscriptionsResponse, ProjectSearchResponse } from '@parley/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createContext } from '../../src/context.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectSchema } from '../helpers/api.ts';
import { type FakeEmbeddings, startFakeEmbeddings } from '../helpers/fake-embeddings.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript, uploadMeeting } from '../helpers/uploads.ts';

// Semantic search end to end: segments written by an import, by the transcription job and by edits are
// embedded by the embed-segments job through a fake OpenAI-compatible embeddings server (the only fake:
// it stands in for Ollama or OpenAI), and queries that share no word with a segment find it by meaning.
let fake: FakeEmbeddings;
let server: TestServer;
let worker: Worker | undefined;
let api: ReturnType<typeof apiClient>;
let owner: { token: string; userId: string };
let projectId: string;

const DESIGN = [
  'Let us start with the agenda for today and who takes notes.',
  'The budget is twelve euros and fifty cents per unit.',
  'Yes, exactly.',
  'The case will be made of rubber so it survives a drop.',
  'Marketing wants a fancy look and feel in bright colours.',
];
const vtt = (lines: string[]) =>
  [
    'WEBVTT',
    '',
    ...lines.flatMap((text, i) => [`00:00:0${i}.000 --> 00:00:0${i}.900`, `<v Speaker ${(i % 2) + 1}>${text}`, '']),
  ].join('\n');

async function importMeeting(token: string, project: string, title: string, lines: string[]) {
  const res = await importTranscript(
    server.url,
    token,
    project,
    { name: 'meeting.vtt', text: vtt(lines) },
    {
      fields: { title, recordingType: 'upload' },
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}

/** Waits until no embedding job is queued or running (a condition, not a sleep). */
async function embeddingsSettled() {
  await vi.waitFor(
    async () => {
      const open = await server.ctx.db
        .selectFrom('jobs')
        .select(['id', 'status', 'last_error'])
        .where('name', '=', 'embed-segments')
        .where('status', 'in', ['queued', 'running'])
        .execute();
      if (open.length > 0) throw new Error(`embedding jobs still open: ${JSON.stringify(open)}`);
    },
    { timeout: 60_000, interval: 50 },
  );
}

const vectorsOf = (meetingId: string) =>
  server.ctx.db
    .selectFrom('segment_embeddings')
    .select(['segment_id', 'model', 'dimension'])
    .where('meeting_id', '=', meetingId)
    .execute();

async function inMeeting(meetingId: string, q: string, token = owner.token) {
  const res = await api.get(
    `/api/meetings/${meetingId}/transcriptions/hybrid-search?q=${encodeURIComponent(q)}`,
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(MeetingSearchResponse, res.body).data;
}
async function inProject(project: string, q: string, token = owner.token) {
  const res = await api.get(`/api/projects/${project}/transcriptions/search-all?q=${encodeURIComponent(q)}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ProjectSearchResponse, res.body).data;
}
const texts = (hits: Array<{ text: string }>) => hits.map((h) => h.text);

beforeAll(async () => {
  fake = await startFakeEmbeddings();
  server = await startTestServer({
    EMBEDDINGS_BASE_URL: fake.baseUrl,
    EMBEDDINGS_API_KEY: 'sk-embeddings-test',
    EMBEDDINGS_MODEL: 'concepts-v1',
  });
  api = apiClient(server.url);
  const user = await api.register();
  owner = { token: user.token, userId: user.user._id };
  projectId = (await api.post('/api/projects', { name: 'Remote control' }, owner.token)).body.data._id;
  worker = await startWorker(server.ctx);
});
afterAll(async () => {
  await worker?.stop();
  await server.close();
  await fake.close();
});

describe('semantic search', () => {
  let design: string;

  it('embeds an imported transcript in a job and finds a segment by meaning, with no word in common', async () => {
    design = await importMeeting(owner.token, projectId, 'Design review', DESIGN);
    await embeddingsSettled();
    expect((await vectorsOf(design)).map((v) => v.model)).toEqual(Array(DESIGN.length).fill('concepts-v1'));
    expect(fake.requests.at(-1)).toMatchObject({ model: 'concepts-v1', authorization: 'Bearer sk-embeddings-test' });

    const found = await inMeeting(design, 'how much will it cost');
    expect(found.components.keyword.hits).toBe(0);
    expect(found.components.semantic).toEqual({ enabled: true, hits: 2 });
    expect(found.transcriptions[0]).toMatchObject({ text: DESIGN[1], matchedBy: ['semantic'] });
    // The backchannel is embedded with its neighbours, so "Yes, exactly." is found as the answer it is.
    expect(texts(found.transcriptions)).toEqual([DESIGN[1], DESIGN[2]]);

    const project = await inProject(projectId, 'how much will it cost');
    expect(project.components.semantic).toEqual({ enabled: true, hits: 2 });
    expect(project.results.map((g) => [g.meetingId, g.matchCount])).toEqual([[design, 2]]);
  });

  it('fuses meaning with words: a segment both find ranks first and says so', async () => {
    const found = await inMeeting(design, 'budget');
    expect(found.transcriptions[0]).toMatchObject({
      text: DESIGN[1],
      matchedBy: ['keyword', 'fuzzy', 'phonetic', 'semantic'],
    });
    expect(found.components.keyword.hits).toBe(1);
  });

  it('searches a person’s segments by meaning too', async () => {
    const person = (await api.post('/api/people', { name: 'Dana Fox' }, owner.token)).body.data._id;
    const assign = await api.put(
      `/api/meetings/${design}/transcriptions/speaker/Speaker%202/assign`,
      { personId: person },
      owner.token,
    );
    expect(assign.status, JSON.stringify(assign.body)).toBe(200);
    const res = await api.get(
      `/api/people/${person}/transcriptions?search=${encodeURIComponent('price')}`,
      owner.token,
    );
    const data = expectSchema(PersonTranscriptionsResponse, res.body).data;
    expect(data.transcriptions.map((t) => [t.text, t.matchedBy])).toEqual([[DESIGN[1], ['semantic']]]);
  });

  it('follows an edit at once and a delete at once, and re-embeds what changed', async () => {
    const before = await inMeeting(design, 'how much will it cost');
    const budget = before.transcriptions[0]!;
    const edit = await api.patch(
      `/api/meetings/${design}/transcriptions/${budget._id}`,
      { text: 'The case colour will be decided next week.' },
      owner.token,
    );
    expect(edit.status).toBe(200);
    // The edited segment's vector went with the edit's transaction: the old meaning no longer finds it.
    expect(texts((await inMeeting(design, 'how much will it cost')).transcriptions)).not.toContain(budget.text);
    await embeddingsSettled();
    const cost = await inMeeting(design, 'how much will it cost');
    expect(cost.transcriptions).toEqual([]);
    expect(cost.components.semantic).toEqual({ enabled: true, hits: 0 });
    expect(texts((await inMeeting(design, 'stylish')).transcriptions)).toContain(
      'The case colour will be decided next week.',
    );

    const rubber = (await inMeeting(design, 'plastic')).transcriptions;
    expect(texts(rubber)).toContain(DESIGN[3]);
    const deleted = rubber.find((t) => t.text === DESIGN[3])!;
    expect((await api.delete(`/api/meetings/${design}/transcriptions/${deleted._id}`, owner.token)).status).toBe(204);
    expect(texts((await inMeeting(design, 'plastic')).transcriptions)).not.toContain(DESIGN[3]);
    expect((await vectorsOf(design)).map((v) => v.segment_id)).not.toContain(deleted._id);
    await embeddingsSettled();
  });

  it('leaves no stale vector after a re-transcription', async () => {
    const meetingId = await importMeeting(owner.token, projectId, 'Rerun', [
      'The storm and the rain stopped the launch.',
    ]);
    await embeddingsSettled();
    expect(texts((await inMeeting(meetingId, 'umbrella')).transcriptions)).toHaveLength(1);
    // The transcription job's transaction (services/transcribing.ts): the segments replaced,
    // their embedding job enqueued beside them.
    await server.ctx.db.transaction().execute(async (trx) => {
      await server.ctx.repos.transcriptions.replaceForMeeting(trx, owner.userId, meetingId, [
        { speaker: 'Speaker 1', text: 'Solar charging keeps the battery full.', startMs: 0, endMs: 2000 },
      ]);
      await server.ctx.semantic?.queueEmbedding(trx, { userId: owner.userId, meetingId });
    });
    expect(await vectorsOf(meetingId)).toEqual([]);
    expect((await inMeeting(meetingId, 'umbrella')).transcriptions).toEqual([]);
    await embeddingsSettled();
    const segments = (await api.get(`/api/meetings/${meetingId}/transcriptions`, owner.token)).body.data.transcriptions;
    expect((await vectorsOf(meetingId)).map((v) => v.segment_id)).toEqual([segments[0]._id]);
    expect(texts((await inMeeting(meetingId, 'energy')).transcriptions)).toEqual([
      'Solar charging keeps the battery full.',
    ]);
  });

  it('embeds what the transcription job writes from a real recording', async () => {
    const upload = await uploadMeeting(
      server.url,
      owner.token,
      projectId,
      { path: jfkWavPath() },
      { title: 'Inaugural address', recordingType: 'upload' },
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const meetingId = upload.body.data._id as string;
    await vi.waitFor(
      async () => {
        const meeting = await server.ctx.repos.meetings.findById(meetingId);
        if (meeting?.transcription_status !== 'completed') throw new Error(`still ${meeting?.transcription_status}`);
      },
      { timeout: 120_000, interval: 100 },
    );
    await embeddingsSettled();
    // "... my fellow Americans, ask not what your country can do for you ..."
    const found = await inMeeting(meetingId, 'patriotism');
    expect(found.transcriptions.length).toBeGreaterThan(0);
    expect(found.transcriptions[0]!.matchedBy).toEqual(['semantic']);
    // a passage about the nation, none of it the word searched for (how the recording is cut into
    // segments depends on the recogniser's pieces: "... fellow Americans ..." or "... your country ...")
    expect(found.transcriptions[0]!.text.toLowerCase()).toMatch(/country|americans|fellow/);
    expect(found.transcriptions[0]!.text.toLowerCase()).not.toContain('patriotism');
  }, 150_000);

  it('still answers with words when the endpoint fails, and says semantic search was unavailable', async () => {
    fake.failWith = 503;
    try {
      const found = await inMeeting(design, 'marketing');
      expect(texts(found.transcriptions)).toEqual([DESIGN[4]]);
      expect(found.transcriptions[0]!.matchedBy).toEqual(['keyword', 'fuzzy', 'phonetic']);
      expect(found.components.semantic).toMatchObject({ enabled: false, hits: 0 });
      expect(found.components.semantic.reason).toMatch(/^Semantic search is unavailable: .*HTTP 503/);
      const project = await inProject(projectId, 'marketing');
      expect(project.components.semantic.enabled).toBe(false);
      expect(project.results.map((g) => g.meetingId)).toEqual([design]);
    } finally {
      fake.failWith = undefined;
    }
  });

  it('retries the job while the endpoint fails, then embeds', async () => {
    // Only Date is faked (and keeps flowing), so the retry delay can be skipped without sleeping.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      fake.failWith = 500;
      const meetingId = await importMeeting(owner.token, projectId, 'Weather', ['Bring an umbrella tomorrow.']);
      const job = await vi.waitFor(
        async () => {
          const row = await server.ctx.db
            .selectFrom('jobs')
            .selectAll()
            .where('name', '=', 'embed-segments')
            .where('payload', 'like', `%${meetingId}%`)
            .executeTakeFirstOrThrow();
          if (row.attempts !== 1 || row.status !== 'queued') throw new Error(`job not retried yet: ${row.status}`);
          return row;
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(job.last_error).toMatch(/HTTP 500/);
      expect(await vectorsOf(meetingId)).toEqual([]);
      fake.failWith = undefined;
      vi.setSystemTime(Date.parse(job.run_at) + 1);
      await embeddingsSettled();
      expect(texts((await inMeeting(meetingId, 'sunny')).transcriptions)).toEqual(['Bring an umbrella tomorrow.']);
    } finally {
      fake.failWith = undefined;
      vi.useRealTimers();
    }
  });

  it('embeds a meeting whose job gave up while the endpoint was down, once the endpoint answers again', async () => {
    const semantic = server.ctx.semantic!;
    const jobsFor = (meetingId: string) =>
      server.ctx.db
        .selectFrom('jobs')
        .select(['status', 'attempts', 'run_at'])
        .where('name', '=', 'embed-segments')
        .where('payload', 'like', `%${meetingId}%`)
        .execute();
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      fake.failWith = 503;
      const meetingId = await importMeeting(owner.token, projectId, 'Harbour', ['Storm clouds over the harbour.']);
      // Every retry is let through at once (only Date is faked) until the job fails for good.
      await vi.waitFor(
        async () => {
          const [job] = await jobsFor(meetingId);
          if (job?.status === 'failed') return;
          if (job?.status === 'queued' && job.attempts > 0) vi.setSystemTime(Date.parse(job.run_at) + 1);
          throw new Error(`job not failed for good yet: ${JSON.stringify(job)}`);
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(await vectorsOf(meetingId)).toEqual([]);

      // While the endpoint is still down, the check queues nothing (a job would only fail again).
      expect(await semantic.enqueueMissing()).toBe(0);
      expect(await jobsFor(meetingId)).toHaveLength(1);

      fake.failWith = undefined;
      expect(await semantic.enqueueMissing()).toBeGreaterThanOrEqual(1);
      await embeddingsSettled();
      expect(await vectorsOf(meetingId)).toHaveLength(1);
      expect(texts((await inMeeting(meetingId, 'rain forecast')).transcriptions)).toEqual([
        'Storm clouds over the harbour.',
      ]);
      // Everything has its vectors now: the next check finds nothing to do.
      expect(await semantic.enqueueMissing()).toBe(0);
    } finally {
      fake.failWith = undefined;
      vi.useRealTimers();
    }
  });

  it('never matches another user’s vectors', async () => {
    const other = await api.register();
    const otherProject = (await api.post('/api/projects', { name: 'Theirs' }, other.token)).body.data._id;
    const theirs = await importMeeting(other.token, otherProject, 'Their budget', ['The price is far too expensive.']);
    await embeddingsSettled();
    expect(await vectorsOf(theirs)).toHaveLength(1);
    // Their segment is the closest vector to "money" anywhere in the database, yet never reaches us.
    const mine = await inProject(projectId, 'how much money');
    expect(mine.results.map((g) => g.meetingId)).not.toContain(theirs);
    expect(mine.results.flatMap((g) => texts(g.transcriptions))).not.toContain('The price is far too expensive.');
    const theirResults = await inProject(otherProject, 'how much money', other.token);
    expect(theirResults.results.map((g) => g.meetingId)).toEqual([theirs]);
    // Our meeting through their account: not found, as for every other route.
    const res = await api.get(`/api/meetings/${design}/transcriptions/hybrid-search?q=money`, other.token);
    expect(res.status).toBe(404);
  });

  it('re-embeds everything when the model changes', async () => {
    await worker?.stop();
    worker = undefined;
    const { database, dataDir } = server.ctx.config;
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: database.kind === 'postgres' ? database.url : `sqlite:${database.file}`,
      EMBEDDINGS_BASE_URL: fake.baseUrl,
      EMBEDDINGS_MODEL: 'concepts-v2',
      LOG_LEVEL: 'silent',
    });
    const ctx = await createContext(config, pino({ level: 'silent' }));
    const restarted = await startWorker(ctx);
    try {
      await vi.waitFor(
        async () => {
          const rows = await ctx.db.selectFrom('segment_embeddings').select('model').execute();
          const segments = await ctx.db.selectFrom('transcriptions').select('id').execute();
          if (rows.length !== segments.length || rows.some((r) => r.model !== 'concepts-v2'))
            throw new Error('not re-embedded yet');
        },
        { timeout: 60_000, interval: 100 },
      );
      expect(fake.requests.some((r) => r.model === 'concepts-v2')).toBe(true);
    } finally {
      await restarted.stop();
      await ctx.close();
    }
  });
});
