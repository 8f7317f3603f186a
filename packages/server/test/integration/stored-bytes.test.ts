import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Worker } from '../../src/jobs/worker.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { fixtureFfmpeg, fixtureTempDir, jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript, uploadMeeting } from '../helpers/uploads.ts';

// No sequence of requests keeps more bytes than a user may store (decisions 201, 202): chunks that are not
// the recording's container are refused at once, a recording that fails drops its chunks, and uploads,
// imports' audio and chunks count against TIER_STORAGE_MB.
type Api = ReturnType<typeof apiClient>;

/** Every file under the store's folders, with its size in bytes. */
function storedBytes(server: TestServer): number {
  let total = 0;
  for (const folder of ['audio', 'recordings']) {
    const dir = join(server.ctx.config.dataDir, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const putChunk = (api: Api, token: string, meetingId: string, seq: number, bytes: Uint8Array, type: string) =>
  api.request('PUT', `/api/meetings/${meetingId}/recording/chunks/${seq}`, {
    token,
    raw: bytes,
    headers: { 'content-type': type },
  });

async function newUser(api: Api) {
  const { token, user, projectId } = await api.registerWithProject('Bytes');
  const startRecording = async (mimeType: string) => {
    const res = await api.post(`/api/projects/${projectId}/recordings`, { title: 'Rec', mimeType }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data._id as string;
  };
  return { token, userId: user._id as string, projectId, startRecording };
}

/** JFK as a browser's WebM/Opus, cut into 4 chunks. */
function webmChunks(): Buffer[] {
  const path = join(fixtureTempDir('parley-stored-bytes-'), 'jfk.webm');
  execFileSync(fixtureFfmpeg(), ['-y', '-v', 'error', '-i', jfkWavPath(), '-c:a', 'libopus', '-b:a', '32k', path]);
  const bytes = readFileSync(path);
  const size = Math.ceil(bytes.length / 4);
  return Array.from({ length: 4 }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
}

describe('chunks that are not the recording, and recordings that fail', () => {
  let server: TestServer;
  let worker: Worker;
  let api: Api;

  beforeAll(async () => {
    server = await startTestServer({ JOB_MAX_ATTEMPTS: '1' });
    worker = await startWorker(server.ctx);
    api = apiClient(server.url);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
  });

  it('refuses 4 MB chunks of junk at once, round after round, and keeps no byte of them', async () => {
    const { token, startRecording } = await newUser(api);
    const junk = Buffer.alloc(4 * 1024 * 1024, 0x55);
    const webm = webmChunks();
    for (let round = 0; round < 3; round++) {
      const meetingId = await startRecording('audio/webm;codecs=opus');
      expectError(
        await putChunk(api, token, meetingId, 0, junk, 'audio/webm'),
        400,
        'The first chunk does not start a webm recording',
      );
      // A real start, then junk that does not go on with it.
      expect((await putChunk(api, token, meetingId, 0, webm[0]!, 'audio/webm')).status).toBe(200);
      for (let seq = 1; seq < 4; seq++)
        expectError(
          await putChunk(api, token, meetingId, seq, junk, 'audio/webm'),
          400,
          'The chunk does not continue this webm recording',
        );
      expect(storedBytes(server)).toBe(webm[0]!.length * (round + 1));
    }
  });

  it('removes the chunks of a recording that could not be put together', { timeout: 150_000 }, async () => {
    const { token, projectId, startRecording } = await newUser(api);
    const before = storedBytes(server);
    const meetingId = await startRecording('audio/wav');
    // A WAV's first four letters and then no audio: taken chunk by chunk, refused by ffmpeg at the end.
    const start = Buffer.alloc(2 * 1024 * 1024, 0x55);
    start.write('RIFF\u0000\u0000\u0000\u0000WAVE', 'latin1');
    expect((await putChunk(api, token, meetingId, 0, start, 'audio/wav')).status).toBe(200);
    expect((await putChunk(api, token, meetingId, 1, Buffer.alloc(1024 * 1024, 0x55), 'audio/wav')).status).toBe(200);
    expect(storedBytes(server) - before).toBe(3 * 1024 * 1024);
    expect((await api.post(`/api/meetings/${meetingId}/recording/finish`, { chunks: 2 }, token)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const meeting = (await api.get(`/api/projects/${projectId}/meetings/${meetingId}`, token)).body.data;
        expect(meeting.transcriptionStatus).toBe('failed');
      },
      { timeout: 90_000, interval: 100 },
    );
    // The meeting says failed and its chunk rows are gone in one commit; the chunk files are removed
    // after it, so the bytes are waited for rather than read at once.
    expect(await server.ctx.repos.recordings.chunks(meetingId)).toEqual([]);
    await vi.waitFor(() => expect(storedBytes(server)).toBe(before), { timeout: 30_000, interval: 50 });
  });
});

describe('the storage a user may fill (TIER_STORAGE_MB)', () => {
  let server: TestServer;
  let api: Api;
  const limit = 1024 * 1024;
  const jfk = statSync(jfkWavPath()).size; // 352,078 bytes: two fit in 1 MB, three do not

  beforeAll(async () => {
    server = await startTestServer({ TIER_STORAGE_MB: '1' });
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  it('refuses the upload that does not fit with a 413 saying what is left, and keeps nothing of it', async () => {
    const { token, projectId } = await newUser(api);
    for (let i = 0; i < 2; i++)
      expect((await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() })).status).toBe(201);
    const refused = await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() });
    expectError(
      refused,
      413,
      'Not enough storage left: 0.3 MB of your 1.0 MB are free and this needs 0.3 MB. Delete recordings you no longer need to make room.',
    );
    expect(storedBytes(server)).toBe(2 * jfk);
    // An import's recording counts the same.
    expectError(
      await importTranscript(
        server.url,
        token,
        projectId,
        { name: 'a.vtt', text: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n' },
        { audioPath: jfkWavPath() },
      ),
      413,
    );
    expect(storedBytes(server)).toBe(2 * jfk);

    // Deleting a meeting gives its bytes back.
    const meetings = (await api.get(`/api/projects/${projectId}/meetings`, token)).body.data.meetings;
    expect((await api.delete(`/api/projects/${projectId}/meetings/${meetings[0]._id}`, token)).status).toBe(204);
    expect((await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() })).status).toBe(201);
  });

  it('lets no uploads sent at once pass together', async () => {
    const { token, projectId } = await newUser(api);
    const before = storedBytes(server);
    const sent = await Promise.all(
      [0, 1, 2, 3, 4].map(() => uploadMeeting(server.url, token, projectId, { path: jfkWavPath() })),
    );
    expect(sent.map((res) => res.status).sort()).toEqual([201, 201, 413, 413, 413]);
    expect(storedBytes(server) - before).toBe(2 * jfk);
  });

  it("counts a recording's chunks, with room for the recording they will make", async () => {
    const { token, projectId, startRecording } = await newUser(api);
    const before = storedBytes(server);
    expect((await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() })).status).toBe(201);
    const meetingId = await startRecording('audio/wav');
    // 0.3 MB of chunk takes 0.6 MB until the recording is put together: one fits beside the upload, two do not.
    const chunk = Buffer.alloc(jfk / 2, 0x55);
    chunk.write('RIFF\u0000\u0000\u0000\u0000WAVE', 'latin1');
    expect((await putChunk(api, token, meetingId, 0, chunk, 'audio/wav')).status).toBe(200);
    const refused = await putChunk(api, token, meetingId, 1, Buffer.alloc(jfk / 2, 0x55), 'audio/wav');
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(/^Not enough storage left: 0\.\d MB of your 1\.0 MB are free/);
    // A resend of the first replaces it rather than adding to it.
    expect((await putChunk(api, token, meetingId, 0, chunk, 'audio/wav')).status).toBe(200);
    expect(storedBytes(server) - before).toBe(jfk + chunk.length);
    expect(await server.ctx.repos.storageUse.bytes((await api.get('/api/users/me', token)).body.data._id)).toBe(
      jfk + 2 * chunk.length,
    );
    expect(storedBytes(server) - before).toBeLessThanOrEqual(limit);
  });
});
