import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChunkReceiptResponse, LiveTranscriptResponse, MESSAGES, MeetingResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordErrorRate } from '../../../../bench/scoring/wer.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { fixtureFfmpeg, fixtureTempDir, JFK_TEXT, jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { type FakeS3, startFakeS3 } from '../helpers/fake-s3.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { TRANSCRIPTION_TEST_MS, TRANSCRIPTION_WAIT_MS } from '../helpers/transcription.ts';

const scratch = fixtureTempDir('parley-recordings-');

/** JFK's 11 s encoded as `format` with `codec` options, cut into `count` chunks at arbitrary byte positions. */
function recordedAs(count: number, format: 'webm' | 'mp4' | 'ogg', codec: string[]): Buffer[] {
  const path = join(scratch, `jfk.${format}`);
  execFileSync(fixtureFfmpeg(), ['-y', '-loglevel', 'error', '-i', jfkWavPath(), ...codec, '-f', format, path]);
  const bytes = readFileSync(path);
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
}

/**
 * As a browser would record it: WebM/Opus with short Clusters, cut at arbitrary byte positions
 * (MediaRecorder's timeslices do not fall on Clusters either).
 */
const recordedChunks = (count: number) =>
  recordedAs(count, 'webm', ['-c:a', 'libopus', '-b:a', '32k', '-cluster_time_limit', '120']);

/**
 * As Safari records it: fragmented MP4 (`moov` first, then a `moof` + `mdat` every 0.5 s). By their
 * fragments' start times the 8 chunks reach 0.5, 2.0, 3.6, 5.1, 6.6 ... s.
 */
const recordedMp4Chunks = (count: number) =>
  recordedAs(count, 'mp4', [
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    '-movflags',
    'frag_keyframe+empty_moov+default_base_moof',
    '-frag_duration',
    '500000',
  ]);

/**
 * As Firefox can record it: Ogg/Opus, a page every 0.5 s. By the granule positions of their last whole
 * pages the 8 chunks reach 1.0, 2.5, 4.0, 5.5, 7.0 ... s; by their bytes (44 KB in all) under a second.
 */
const recordedOggChunks = (count: number) =>
  recordedAs(count, 'ogg', ['-c:a', 'libopus', '-b:a', '32k', '-page_duration', '500000']);

type Api = ReturnType<typeof apiClient>;

const putChunk = (
  api: Api,
  token: string,
  meetingId: string,
  seq: number,
  bytes: Buffer,
  type = 'audio/webm;codecs=opus',
) =>
  api.request('PUT', `/api/meetings/${meetingId}/recording/chunks/${seq}`, {
    token,
    raw: bytes,
    headers: { 'content-type': type },
  });

/** Polls `probe` until it gives a value; bounded by a transcription's wait, the slowest thing waited for here. */
async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = TRANSCRIPTION_WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function finished(api: Api, token: string, projectId: string, meetingId: string) {
  return until('the meeting to be transcribed', async () => {
    const m = (await api.get(`/api/projects/${projectId}/meetings/${meetingId}`, token)).body.data;
    return m.transcriptionStatus === 'completed' || m.transcriptionStatus === 'failed' ? m : undefined;
  });
}

async function transcriptText(api: Api, token: string, meetingId: string) {
  const segments = (await api.get(`/api/meetings/${meetingId}/transcriptions?page=1&limit=200`, token)).body.data
    .transcriptions as Array<{ text: string }>;
  return segments.map((s) => s.text).join(' ');
}

// Its tests wait for the worker's transcriptions: their timeout is above that wait (a test's default is 60 s).
describe('recording in chunks with a live transcript', { timeout: TRANSCRIPTION_TEST_MS }, () => {
  let server: TestServer;
  let second: TestServer;
  let worker: Worker;
  let api: Api;
  let api2: Api;
  let token: string;
  let projectId: string;
  let s3: FakeS3;
  const chunks = recordedChunks(8);

  beforeAll(async () => {
    s3 = await startFakeS3();
    const JWT_SECRET = 'recordings-test-secret-recordings-test-secret';
    server = await startTestServer({ ...s3.env, JWT_SECRET });
    // A second API process on the same database and bucket: any process may receive any chunk.
    const { database } = server.ctx.config;
    second = await startTestServer({
      ...s3.env,
      JWT_SECRET,
      DATABASE_URL: database.kind === 'postgres' ? database.url : `sqlite:${database.file}`,
    });
    worker = await startWorker(server.ctx);
    api = apiClient(server.url);
    api2 = apiClient(second.url);
    ({ token, projectId } = await api.registerWithProject('Recordings'));
  });
  afterAll(async () => {
    await worker?.stop();
    await second?.close();
    await server?.close();
    await s3?.stop();
  });

  async function start(title = 'Stand-up') {
    const res = await api.post(
      `/api/projects/${projectId}/recordings`,
      { title, mimeType: 'audio/webm;codecs=opus' },
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return expectSchema(MeetingResponse, res.body).data;
  }

  /**
   * The bucket's keys once no chunk of the meeting is left: the chunks are removed after the commit
   * that queues the transcription, so possibly after the transcript is written.
   */
  const chunksGone = (meetingId: string) =>
    until(
      'the chunks to leave the bucket',
      async () => {
        const keys = await s3.keys();
        return keys.some((key) => key.includes(meetingId) && key.endsWith('.part')) ? undefined : keys;
      },
      60_000,
    );

  it('exists from the start as recording, takes chunks from two API processes, live words before Stop, the whole after', async () => {
    const meeting = await start();
    expect(meeting.recordingState).toBe('recording');
    const listed = (await api.get(`/api/projects/${projectId}/meetings`, token)).body.data.meetings;
    expect(listed.find((m: { _id: string }) => m._id === meeting._id).recordingState).toBe('recording');

    for (let seq = 0; seq < 5; seq++) {
      const res = await putChunk(seq % 2 ? api2 : api, token, meeting._id, seq, chunks[seq]!);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(expectSchema(ChunkReceiptResponse, res.body).data).toEqual({ seq, chunks: seq + 1 });
    }
    // Sending a chunk twice is harmless.
    expect((await putChunk(api2, token, meeting._id, 4, chunks[4]!)).body.data).toEqual({ seq: 4, chunks: 5 });

    const words = (text: string) => text.toLowerCase().match(/[a-z']+/g) ?? [];
    const live = await until('live words', async () => {
      const body = expectSchema(
        LiveTranscriptResponse,
        (await api2.get(`/api/meetings/${meeting._id}/live`, token)).body,
      );
      const final = body.data.segments.filter((s) => s.final);
      return words(final.map((s) => s.text).join(' ')).length >= 4 ? body.data : undefined;
    });
    expect(live.recordingState).toBe('recording');
    expect(live.receivedSeconds).toBeGreaterThan(0);
    // The final live words are JFK's words (the phrase still being said is a first guess).
    const said = new Set(words(JFK_TEXT));
    const heard = words(
      live.segments
        .filter((s) => s.final)
        .map((s) => s.text)
        .join(' '),
    );
    expect(heard.filter((w) => said.has(w)).length / heard.length).toBeGreaterThan(0.6);

    // A gap: chunk 6 arrives before 5; Stop names what is missing until it has come.
    expect((await putChunk(api, token, meeting._id, 6, chunks[6]!)).status).toBe(200);
    expect((await putChunk(api, token, meeting._id, 7, chunks[7]!)).status).toBe(200);
    const early = await api.post(`/api/meetings/${meeting._id}/recording/finish`, { chunks: 8 }, token);
    expectError(early, 409, 'Chunks missing: 5');
    expect((await putChunk(api2, token, meeting._id, 5, chunks[5]!)).status).toBe(200);
    const stop = await api2.post(`/api/meetings/${meeting._id}/recording/finish`, { chunks: 8 }, token);
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(expectSchema(MeetingResponse, stop.body).data.recordingState).toBe('finishing');
    // Stop twice is harmless; a chunk after Stop is refused.
    expect((await api.post(`/api/meetings/${meeting._id}/recording/finish`, { chunks: 8 }, token)).status).toBe(200);
    expectError(await putChunk(api, token, meeting._id, 8, chunks[7]!), 409);

    const done = await finished(api, token, projectId, meeting._id);
    expect(done.transcriptionStatus).toBe('completed');
    expect(done.recordingState).toBeUndefined();
    expect(done.duration).toBeGreaterThanOrEqual(10);
    expect(done.duration).toBeLessThanOrEqual(12);
    expect(wordErrorRate(JFK_TEXT, await transcriptText(api, token, meeting._id))).toBeLessThan(0.25);
    // The chunks are gone from the bucket once put together; the recording is there, whole.
    const keys = await chunksGone(meeting._id);
    expect(keys.some((k) => k.endsWith(`${meeting._id}.webm`))).toBe(true);
    const usage = (await api.get('/api/users/me', token)).body.data.currentMonthUsage.duration;
    expect(usage).toBe(done.duration);
  });

  it("refuses someone else's recording (404), bad chunks (400, 413) and a start over the monthly limit (403)", async () => {
    const meeting = await start('Private');
    const other = await api.register();
    expectError(await putChunk(api, other.token, meeting._id, 0, chunks[0]!), 404);
    expectError(await api.get(`/api/meetings/${meeting._id}/live`, other.token), 404);
    expectError(await api.get(`/api/meetings/${meeting._id}/live/stream`, other.token), 404);
    expectError(await api.post(`/api/meetings/${meeting._id}/recording/finish`, { chunks: 1 }, other.token), 404);
    const otherProject = (await api.post('/api/projects', { name: 'Theirs' }, other.token)).body.data._id;
    expectError(
      await api.post(`/api/projects/${otherProject}/recordings`, { title: 'x', mimeType: 'audio/webm' }, token),
      404,
    );
    expectError(await putChunk(api, token, meeting._id, -1, chunks[0]!), 400);
    expectError(await putChunk(api, token, meeting._id, 0, Buffer.alloc(0)), 400);
    expectError(await putChunk(api, token, meeting._id, 0, Buffer.alloc(5 * 1024 * 1024)), 413);
    expectError(
      await api.post(`/api/projects/${projectId}/recordings`, { title: 'x', mimeType: 'text/html' }, token),
      400,
    );
    expectError(await api.post(`/api/meetings/${meeting._id}/recording/finish`, { chunks: 0 }, token), 400);

    const limited = await api.register();
    const limitedProject = (await api.post('/api/projects', { name: 'Limited' }, limited.token)).body.data._id;
    await server.ctx.db
      .updateTable('users')
      .set({ monthly_duration_limit: 0 })
      .where('id', '=', limited.user._id)
      .execute();
    expectError(
      await api.post(
        `/api/projects/${limitedProject}/recordings`,
        { title: 'x', mimeType: 'audio/webm' },
        limited.token,
      ),
      403,
      'Monthly limit reached (0 minutes). Please upgrade to continue.',
    );
  });

  /**
   * A recording whose chunk 0 has arrived and whose chunk 1 is on its way: the fake S3 holds its upload
   * until `release()`; `late` is that chunk's answer.
   */
  async function chunkOnItsWay(title: string) {
    const { _id: id } = await start(title);
    expect((await putChunk(api, token, id, 0, chunks[0]!)).status).toBe(200);
    const upload = s3.holdUpload(`${id}/000001`);
    const late = putChunk(api, token, id, 1, chunks[1]!);
    await upload.arrived;
    return { id, late, release: upload.release };
  }

  it('refuses a chunk still on its way when Stop comes first (409), keeps no file of it, and finishes without it', async () => {
    const { id, late, release } = await chunkOnItsWay('Stopped');
    expect((await api.post(`/api/meetings/${id}/recording/finish`, { chunks: 1 }, token)).status).toBe(200);
    release();
    expectError(await late, 409, 'This recording is finished: it takes no more audio');
    const done = await finished(api, token, projectId, id);
    expect(done.recordingState).toBeUndefined();
    expect(done.duration).toBeLessThanOrEqual(2);
    await chunksGone(id);
  });

  it('refuses a chunk still on its way when its meeting is deleted, and keeps no file of it', async () => {
    const { id, late, release } = await chunkOnItsWay('Cancelled');
    expect((await api.delete(`/api/projects/${projectId}/meetings/${id}`, token)).status).toBe(204);
    release();
    expectError(await late, 404, 'Recording not found');
    expect((await s3.keys()).filter((key) => key.includes(id))).toEqual([]);
  });

  it('streams the live transcript as server-sent events until the recording is finished', async () => {
    const meeting = await start('Streamed');
    const response = await fetch(`${server.url}/api/meetings/${meeting._id}/live/stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const events: Array<{ type: string; transcript?: { segments: Array<{ text: string }> } }> = [];
    const reading = (async () => {
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += new TextDecoder().decode(value);
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)));
        }
      }
    })();
    for (let seq = 0; seq < 8; seq++)
      expect((await putChunk(api, token, meeting._id, seq, chunks[seq]!)).status).toBe(200);
    await until('words in the stream', async () =>
      events.some((e) => e.transcript?.segments.some((s) => /\w{3,}/.test(s.text))) ? true : undefined,
    );
    expect((await api.post(`/api/meetings/${meeting._id}/recording/finish`, { chunks: 8 }, token)).status).toBe(200);
    await reading;
    expect(events.at(-1)).toEqual({ type: 'complete' });
    expect(events[0]!.type).toBe('transcript');
  });
});

describe('a recording whose browser went away (RECORDING_IDLE_MINUTES)', () => {
  let server: TestServer;
  let worker: Worker;
  let api: Api;
  let token: string;
  let projectId: string;
  const chunks = recordedChunks(8);

  beforeAll(async () => {
    server = await startTestServer({ RECORDING_IDLE_MINUTES: '0.03' });
    worker = await startWorker(server.ctx);
    api = apiClient(server.url);
    ({ token, projectId } = await api.registerWithProject('Idle'));
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
  });

  // Two transcriptions waited for, one after the other.
  it('is finished by the server with what arrived, and takes the chunks the browser still had when it comes back', {
    timeout: 2 * TRANSCRIPTION_TEST_MS,
  }, async () => {
    const started = await api.post(
      `/api/projects/${projectId}/recordings`,
      { title: 'Closed tab', mimeType: 'audio/webm' },
      token,
    );
    const meeting = expectSchema(MeetingResponse, started.body).data;
    for (let seq = 0; seq < 4; seq++)
      expect((await putChunk(api, token, meeting._id, seq, chunks[seq]!)).status).toBe(200);
    const first = await finished(api, token, projectId, meeting._id);
    expect(first.transcriptionStatus).toBe('completed');
    expect(first.duration).toBeGreaterThanOrEqual(3);
    expect(first.duration).toBeLessThan(8);

    // 12 s a month: the part already counted (about 6 s) is not counted twice against what comes back
    // (the whole reaches 10.9 s), so the rest is taken (decision 108).
    const me = (await api.get('/api/users/me', token)).body.data;
    await server.ctx.db.updateTable('users').set({ monthly_duration_limit: 12 }).where('id', '=', me._id).execute();

    // The browser opens Parley again and sends what was waiting: the recording reopens and is whole.
    for (let seq = 4; seq < 8; seq++)
      expect((await putChunk(api, token, meeting._id, seq, chunks[seq]!)).status).toBe(200);
    expect((await api.post(`/api/meetings/${meeting._id}/recording/finish`, { chunks: 8 }, token)).status).toBe(200);
    const whole = await until('the whole recording', async () => {
      const m = (await api.get(`/api/projects/${projectId}/meetings/${meeting._id}`, token)).body.data;
      return m.transcriptionStatus === 'completed' && m.duration >= 10 ? m : undefined;
    });
    expect(whole.duration).toBeLessThanOrEqual(12);
    expect(wordErrorRate(JFK_TEXT, await transcriptText(api, token, meeting._id))).toBeLessThan(0.25);
    // Usage counts the recording once, at its whole length.
    expect((await api.get('/api/users/me', token)).body.data.currentMonthUsage.duration).toBe(whole.duration);
  });
});

describe('a recording in chunks meets the limits an upload meets (MAX_RECORDING_HOURS, minutes left)', () => {
  let server: TestServer;
  let api: Api;
  // JFK in 8 chunks of about 1.4 s: by their Cluster time codes they reach 1.3, 2.7, 4.2, 5.7, 7.1 ... s.
  const chunks = recordedChunks(8);

  beforeAll(async () => {
    // 0.0018 hours = 6.48 s: the fifth chunk (7.1 s) goes past it.
    server = await startTestServer({ MAX_RECORDING_HOURS: '0.0018' });
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  async function recording(monthlySeconds?: number, mimeType = 'audio/webm') {
    const { token, user, projectId } = await api.registerWithProject('Limits');
    if (monthlySeconds !== undefined)
      await server.ctx.db
        .updateTable('users')
        .set({ monthly_duration_limit: monthlySeconds })
        .where('id', '=', user._id)
        .execute();
    const start = async () => {
      const res = await api.post(`/api/projects/${projectId}/recordings`, { title: 'Long', mimeType }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return expectSchema(MeetingResponse, res.body).data._id;
    };
    return { token, userId: user._id as string, projectId, meetingId: await start(), start };
  }

  /** The chunk files a recording has in the (local) store, as storage keys. */
  const chunkFiles = async (userId: string, meetingId: string) =>
    readdirSync(join(server.ctx.config.dataDir, 'recordings', userId, meetingId)).map(
      (file) => `recordings/${userId}/${meetingId}/${file}`,
    );

  /** Sends the chunks in order until one is refused; the refusal, and what the recording kept. */
  async function sendUntilRefused(token: string, meetingId: string, sent = chunks, type?: string) {
    for (let seq = 0; seq < sent.length; seq++) {
      const res = await putChunk(api, token, meetingId, seq, sent[seq]!, type);
      if (res.status !== 200) return { refused: res, seq };
      expect(res.body.data).toEqual({ seq, chunks: seq + 1 });
    }
    throw new Error('every chunk was taken');
  }

  it('refuses the chunk that takes it past MAX_RECORDING_HOURS with the upload 400, and keeps what came before', async () => {
    const { token, meetingId } = await recording();
    const { refused, seq } = await sendUntilRefused(token, meetingId);
    expect(seq).toBe(4);
    expectError(refused, 400, 'The recording is longer than the 0.0018-hour limit');
    expect(refused.body.errors).toEqual([{ path: 'body', message: refused.body.message }]);
    // The refused chunk was not kept; the recording up to it can still be used.
    expectError(
      await api.post(`/api/meetings/${meetingId}/recording/finish`, { chunks: 5 }, token),
      409,
      'Chunks missing: 4',
    );
    const stop = await api.post(`/api/meetings/${meetingId}/recording/finish`, { chunks: 4 }, token);
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
  });

  it('does not start a recording that could not keep a second: with half a second left it is 403', async () => {
    const { token, userId, projectId, start } = await recording(60);
    await server.ctx.db
      .transaction()
      .execute((trx) => server.ctx.repos.usage.record(trx, { userId, meetingId: null, seconds: 59 }));
    // One second left: a recording may start, and it takes half of that second.
    const first = await start();
    await server.ctx.db.updateTable('meetings').set({ recording_reached_ms: 500 }).where('id', '=', first).execute();
    expectError(
      await api.post(`/api/projects/${projectId}/recordings`, { title: 'Late', mimeType: 'audio/webm' }, token),
      403,
      MESSAGES.monthlyLimitReached(60),
    );
  });

  it("refuses the chunk that takes it past the user's minutes left with the spec's 403", async () => {
    const { token, meetingId } = await recording(4);
    const { refused, seq } = await sendUntilRefused(token, meetingId);
    expect(seq).toBe(2);
    expectError(refused, 403, MESSAGES.monthlyLimitReached(4));
    // Sending it again changes nothing: the limit is not a passing failure.
    expectError(await putChunk(api, token, meetingId, 2, chunks[2]!), 403, MESSAGES.monthlyLimitReached(4));
  });

  // Each refused at the chunk that goes past 6.48 s, and at the one past the minutes left.
  describe.each([
    { format: "Safari's MP4, by its fragments' start times", sent: recordedMp4Chunks(8), type: 'audio/mp4', left: 4 },
    {
      format: "Firefox's Ogg, by its pages' granule positions",
      sent: recordedOggChunks(8),
      type: 'audio/ogg;codecs=opus',
      left: 5,
    },
  ])('$format', ({ sent, type, left }) => {
    it('refuses the chunk that takes it past MAX_RECORDING_HOURS', async () => {
      const { token, meetingId } = await recording(undefined, type);
      const { refused, seq } = await sendUntilRefused(token, meetingId, sent, type);
      expect(seq).toBe(4);
      expectError(refused, 400, 'The recording is longer than the 0.0018-hour limit');
    });

    it("refuses the chunk that takes it past the user's minutes left", async () => {
      const { token, meetingId } = await recording(left, type);
      const { refused, seq } = await sendUntilRefused(token, meetingId, sent, type);
      expect(seq).toBe(3);
      expectError(refused, 403, MESSAGES.monthlyLimitReached(left));
    });
  });

  describe('chunks without time stamps, by their bytes (at most 384,000 a second)', () => {
    // 2 MiB lasts at least 5.46 s at MAX_RECORDED_BYTES_PER_SECOND: a WAV's header, then samples with no
    // time stamps (later chunks of a WAV are bare samples, decision 201).
    const mib = (n: number) => Buffer.alloc(Math.round(n * 1024 * 1024), 0x55);
    const wavChunk = (seq: number, n: number) => {
      const bytes = mib(n);
      if (seq === 0) bytes.write('RIFF\u0000\u0000\u0000\u0000WAVE', 'latin1');
      return bytes;
    };

    it('refuses the chunk that takes it past MAX_RECORDING_HOURS; a resent chunk replaces, not adds', async () => {
      const { token, userId, meetingId } = await recording(undefined, 'audio/wav');
      expect((await putChunk(api, token, meetingId, 0, wavChunk(0, 2), 'audio/wav')).status).toBe(200);
      expect((await putChunk(api, token, meetingId, 0, wavChunk(0, 2), 'audio/wav')).status).toBe(200);
      // The resend's file replaced the first's: one file, the one its row names.
      expect(await chunkFiles(userId, meetingId)).toEqual(
        (await server.ctx.repos.recordings.chunks(meetingId)).map((c) => c.storage_key),
      );
      const refused = await putChunk(api, token, meetingId, 1, wavChunk(1, 2), 'audio/wav');
      expectError(refused, 400, 'The recording is longer than the 0.0018-hour limit');
    });

    it("refuses the chunk that takes it past the user's minutes left", async () => {
      const { token, meetingId } = await recording(4, 'audio/wav');
      expectError(
        await putChunk(api, token, meetingId, 0, wavChunk(0, 2), 'audio/wav'),
        403,
        MESSAGES.monthlyLimitReached(4),
      );
      expect((await putChunk(api, token, meetingId, 0, wavChunk(0, 1), 'audio/wav')).status).toBe(200);
    });

    it("counts chunks sent at once against each other, and keeps no refused chunk's file", async () => {
      const { token, userId, meetingId } = await recording(undefined, 'audio/wav');
      const sent = await Promise.all(
        [0, 1, 2, 3].map((seq) => putChunk(api, token, meetingId, seq, wavChunk(seq, 2), 'audio/wav')),
      );
      expect(sent.map((res) => res.status).sort()).toEqual([200, 400, 400, 400]);
      const taken = sent.findIndex((res) => res.status === 200);
      expect((await server.ctx.repos.recordings.chunks(meetingId)).map((c) => c.seq)).toEqual([taken]);
      const [kept] = await server.ctx.repos.recordings.chunks(meetingId);
      expect(await chunkFiles(userId, meetingId)).toEqual([kept!.storage_key]);
    });
  });

  it("counts the user's other recording under way against the minutes left", async () => {
    // 6 s left: the first recording reaches 4.2 s; the second may add 1.3 s, not 2.7 s.
    const { token, meetingId: first, start } = await recording(6);
    for (let seq = 0; seq < 3; seq++) expect((await putChunk(api, token, first, seq, chunks[seq]!)).status).toBe(200);
    const second = await start();
    expect((await putChunk(api, token, second, 0, chunks[0]!)).status).toBe(200);
    expectError(await putChunk(api, token, second, 1, chunks[1]!), 403, MESSAGES.monthlyLimitReached(6));
    // Nor does the first go on past what the second now holds.
    expectError(await putChunk(api, token, first, 3, chunks[3]!), 403, MESSAGES.monthlyLimitReached(6));
  });

  it("counts the recorder's own recordings under way, not those of the shared project's creator (decision 220)", async () => {
    // Ann records in her project with 7 s a month; Bob, her editor, has 6 s.
    const ann = await recording(7);
    const bob = await api.registerWithProject('Bob');
    const added = await api.post(
      `/api/projects/${ann.projectId}/members`,
      { email: bob.email, role: 'editor' },
      ann.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await server.ctx.db
      .updateTable('users')
      .set({ monthly_duration_limit: 6 })
      .where('id', '=', bob.user._id)
      .execute();
    for (let seq = 0; seq < 3; seq++)
      expect((await putChunk(api, ann.token, ann.meetingId, seq, chunks[seq]!)).status).toBe(200);

    const startIn = async (projectId: string) => {
      const res = await api.post(
        `/api/projects/${projectId}/recordings`,
        { title: 'Bob', mimeType: 'audio/webm' },
        bob.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return expectSchema(MeetingResponse, res.body).data._id;
    };
    // Ann's 4.2 s under way are on her meter, not Bob's: his recording in her project reaches 2.7 s.
    const inShared = await startIn(ann.projectId);
    for (let seq = 0; seq < 2; seq++)
      expect((await putChunk(api, bob.token, inShared, seq, chunks[seq]!)).status).toBe(200);
    // His own recording elsewhere counts those 2.7 s: with 6 s, it may add 2.7 s more, not 4.2 s.
    const inOwn = await startIn(bob.projectId);
    for (let seq = 0; seq < 2; seq++)
      expect((await putChunk(api, bob.token, inOwn, seq, chunks[seq]!)).status).toBe(200);
    expectError(await putChunk(api, bob.token, inOwn, 2, chunks[2]!), 403, MESSAGES.monthlyLimitReached(6));
    // And none of his 5.4 s are Ann's: her recording goes on to 5.7 s.
    expect((await putChunk(api, ann.token, ann.meetingId, 3, chunks[3]!)).status).toBe(200);
  });

  it('leaves no chunk behind when the meeting is deleted while recording', async () => {
    const { token, projectId, meetingId } = await recording(60);
    for (let seq = 0; seq < 3; seq++)
      expect((await putChunk(api, token, meetingId, seq, chunks[seq]!)).status).toBe(200);
    const keys = (await server.ctx.repos.recordings.chunks(meetingId)).map((c) => c.storage_key);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(await server.ctx.storage.size(key)).toBeGreaterThan(0);
    expect((await api.delete(`/api/projects/${projectId}/meetings/${meetingId}`, token)).status).toBe(204);
    for (const key of keys) expect(await server.ctx.storage.size(key)).toBeNull();
  });

  it('takes a whole recording that fits both', async () => {
    // The limits apply per recording and per user: another user's recording under both is taken whole.
    const { token, meetingId } = await recording(60);
    for (let seq = 0; seq < 4; seq++)
      expect((await putChunk(api, token, meetingId, seq, chunks[seq]!)).body.data).toEqual({ seq, chunks: seq + 1 });
  });
});
