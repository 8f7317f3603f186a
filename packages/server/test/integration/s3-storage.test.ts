import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordErrorRate } from '../../../../bench/scoring/wer.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import { createStorage } from '../../src/storage/create-storage.ts';
import { S3_PART_SIZE, STALE_COPY_MS } from '../../src/storage/s3.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { JFK_TEXT, jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError } from '../helpers/api.ts';
import { type FakeS3, startFakeS3 } from '../helpers/fake-s3.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { TRANSCRIPTION_TEST_MS, TRANSCRIPTION_WAIT_MS } from '../helpers/transcription.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

const jfk = readFileSync(jfkWavPath());

/** Polls a condition on real state (files, rows, objects) until it holds or the deadline passes. */
async function eventually(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Files under the server's scratch folder (local copies of uploads and of recordings being transcribed). */
const scratchFiles = (server: TestServer) => readdirSync(join(server.ctx.config.dataDir, 'tmp'));

describe('recordings in an S3-compatible bucket (STORAGE=s3 against s3rver)', () => {
  let s3: FakeS3;
  let server: TestServer;
  let worker: Worker | undefined;
  let api: ReturnType<typeof apiClient>;
  let token: string;
  let projectId: string;

  beforeAll(async () => {
    s3 = await startFakeS3();
    server = await startTestServer(s3.env);
    api = apiClient(server.url);
    ({ token, projectId } = await api.registerWithProject('Bucket'));
  });
  afterAll(async () => {
    await worker?.stop();
    await server.close();
    await s3.stop();
  });

  async function upload(bytes: Uint8Array = jfk, project = projectId) {
    const created = await uploadMeeting(server.url, token, project, { bytes, name: 'jfk.wav' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const row = await server.ctx.repos.meetings.findById(created.body.data._id);
    return { id: created.body.data._id as string, key: row!.audio_key! };
  }

  const meetingCount = async () => (await server.ctx.db.selectFrom('meetings').select('id').execute()).length;

  it('streams an upload into the bucket: the object holds the exact bytes, nothing stays on disk', async () => {
    const { key } = await upload();
    expect(await s3.keys()).toContain(key);
    expect((await s3.bytes(key)).equals(jfk)).toBe(true);
    expect(scratchFiles(server)).toEqual([]);
    expect(readdirSync(server.ctx.config.dataDir)).not.toContain('audio');
  });

  it('stores an upload larger than one multipart part intact', async () => {
    // Three parts and a bit: the multipart path, not a single PUT.
    const wav = wavOfSamples(Math.ceil((3 * S3_PART_SIZE) / 2) + 1000);
    expect(wav.length).toBeGreaterThan(3 * S3_PART_SIZE);
    const { key } = await upload(wav);
    expect((await s3.bytes(key)).equals(wav)).toBe(true);
  });

  it('plays with HTTP Range from the bucket: 200 whole, 206 partial, 416 outside the file', async () => {
    const { id } = await upload();
    const path = `/api/projects/${projectId}/meetings/${id}/audio`;
    const get = (range?: string) =>
      fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${token}`, ...(range ? { range } : {}) },
      });

    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await whole.arrayBuffer()).equals(jfk)).toBe(true);

    const start = await get('bytes=0-99');
    expect(start.status).toBe(206);
    expect(start.headers.get('content-range')).toBe(`bytes 0-99/${jfk.length}`);
    expect(start.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await start.arrayBuffer()).equals(jfk.subarray(0, 100))).toBe(true);

    const middle = await get('bytes=1000-');
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 1000-${jfk.length - 1}/${jfk.length}`);
    expect(Buffer.from(await middle.arrayBuffer()).equals(jfk.subarray(1000))).toBe(true);

    const tail = await get('bytes=-10');
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(jfk.subarray(jfk.length - 10))).toBe(true);

    for (const range of [`bytes=${jfk.length}-`, `bytes=${jfk.length + 5}-${jfk.length + 10}`]) {
      const beyond = await get(range);
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${jfk.length}`);
      expect(await beyond.json()).toMatchObject({ success: false, message: 'Requested range not satisfiable' });
    }
  });

  it('keeps playing after many playbacks abandoned midway (seeking): no connection to the store leaks', async () => {
    const wav = wavOfSamples(2 * S3_PART_SIZE);
    const { id } = await upload(wav);
    const url = `${server.url}/api/projects/${projectId}/meetings/${id}/audio`;
    // More than the S3 client's 50 pooled connections: a leaked one per abandoned reply would stall.
    for (let i = 0; i < 60; i++) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel(); // the browser giving up on this reply to seek elsewhere
    }
    const last = await fetch(url, { headers: { authorization: `Bearer ${token}`, range: 'bytes=-100' } });
    expect(last.status).toBe(206);
    expect(Buffer.from(await last.arrayBuffer()).equals(wav.subarray(wav.length - 100))).toBe(true);
  });

  it('transcribes a recording read from the bucket, leaving no temporary file', {
    timeout: TRANSCRIPTION_TEST_MS,
  }, async () => {
    // The earlier tests' uploads wait in the queue too, half an hour of noise among them: deleted, so
    // the worker starts on this recording instead of transcribing them first.
    const earlier = server.ctx.db.selectFrom('meetings').select('id').where('project_id', '=', projectId);
    for (const meeting of await earlier.execute())
      expect((await api.delete(`/api/projects/${projectId}/meetings/${meeting.id}`, token)).status).toBe(204);
    const { id } = await upload();
    worker = await startWorker(server.ctx);
    let meeting: any;
    await eventually(
      'the transcription to finish',
      async () => {
        meeting = (await api.get(`/api/projects/${projectId}/meetings/${id}`, token)).body.data;
        return ['completed', 'failed'].includes(meeting.transcriptionStatus);
      },
      TRANSCRIPTION_WAIT_MS,
    );
    expect(meeting.transcriptionStatus, meeting.transcriptionError).toBe('completed');
    const segments = (await api.get(`/api/meetings/${id}/transcriptions?page=1&limit=100`, token)).body.data
      .transcriptions as Array<{ text: string }>;
    expect(wordErrorRate(JFK_TEXT, segments.map((s) => s.text).join(' '))).toBeLessThan(0.15);
    expect(scratchFiles(server)).toEqual([]);
    await worker.stop();
    worker = undefined;
  });

  it('removes the local copy of a recording when the work on it fails or is aborted', async () => {
    const { key } = await upload();
    let copy = '';
    await expect(
      server.ctx.storage.withLocalFile(key, async (path) => {
        copy = path;
        expect(readFileSync(path).equals(jfk)).toBe(true);
        throw new Error('the transcription failed');
      }),
    ).rejects.toThrow('the transcription failed');
    expect(copy).not.toBe('');
    expect(existsSync(copy)).toBe(false);

    const controller = new AbortController();
    controller.abort(new Error('the job was cancelled'));
    await expect(
      server.ctx.storage.withLocalFile(key, async () => 'never run', { signal: controller.signal }),
    ).rejects.toThrow();
    expect(scratchFiles(server)).toEqual([]);
  });

  it('removes, at start-up, local copies a killed process left behind a day ago, and no others', async () => {
    const scratch = join(server.ctx.config.dataDir, 'tmp');
    const stale = join(scratch, 's3-left-by-a-killed-worker');
    const recent = join(scratch, 's3-another-process-is-using-this');
    writeFileSync(stale, 'x');
    writeFileSync(recent, 'x');
    const dayAndMinuteAgo = (Date.now() - STALE_COPY_MS - 60_000) / 1000;
    utimesSync(stale, dayAndMinuteAgo, dayAndMinuteAgo);
    const another = await createStorage(server.ctx.config.storage, server.ctx.config.dataDir);
    await another.check();
    expect(scratchFiles(server)).toEqual(['s3-another-process-is-using-this']);
    rmSync(recent);
  });

  it('reports the bucket reachable', async () => {
    await expect(server.ctx.storage.check()).resolves.toBeUndefined();
  });

  it('deleting a meeting removes its object', async () => {
    const { id, key } = await upload();
    const kept = await upload();
    const res = await api.request('DELETE', `/api/projects/${projectId}/meetings/${id}`, { token });
    expect(res.status).toBe(204);
    const keys = await s3.keys();
    expect(keys).not.toContain(key);
    expect(keys).toContain(kept.key);
  });

  it('deleting a project removes the objects of all its meetings', async () => {
    const doomed = (await api.post('/api/projects', { name: 'Doomed' }, token)).body.data._id;
    const first = await upload(jfk, doomed);
    const second = await upload(jfk, doomed);
    const kept = await upload();
    const res = await api.request('DELETE', `/api/projects/${doomed}`, { token });
    expect(res.status).toBe(204);
    const keys = await s3.keys();
    expect(keys).not.toContain(first.key);
    expect(keys).not.toContain(second.key);
    expect(keys).toContain(kept.key);
  });

  it('keeps nothing of an upload that is not audio', async () => {
    const keysBefore = await s3.keys();
    const meetingsBefore = await meetingCount();
    const res = await uploadMeeting(server.url, token, projectId, {
      bytes: new TextEncoder().encode('RIFF not really a wave file at all'.repeat(100)),
      name: 'fake.wav',
    });
    expect(res.status).toBe(400);
    expect(await s3.keys()).toEqual(keysBefore);
    expect(await meetingCount()).toBe(meetingsBefore);
    expect(scratchFiles(server)).toEqual([]);
  });

  it('keeps nothing of an upload over the size limit', async () => {
    const keysBefore = await s3.keys();
    const meetingsBefore = await meetingCount();
    await server.ctx.db
      .updateTable('users')
      .set({ max_file_size: 1024 * 1024 })
      .execute();
    try {
      const res = await uploadMeeting(server.url, token, projectId, { bytes: wavOfSamples(S3_PART_SIZE / 2 + 1) });
      expect(res.status).toBe(413);
    } finally {
      await server.ctx.db.updateTable('users').set({ max_file_size: null }).execute();
    }
    expect(await s3.keys()).toEqual(keysBefore);
    expect(await meetingCount()).toBe(meetingsBefore);
    expect(scratchFiles(server)).toEqual([]);
  });

  it('keeps nothing of an upload whose client disconnects halfway (the multipart upload is aborted)', async () => {
    const keysBefore = await s3.keys();
    const meetingsBefore = await meetingCount();
    const wav = wavOfSamples(2 * S3_PART_SIZE); // 4 parts' worth; the client sends a little over 2
    const boundary = 'parleyaborted';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut short\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="cut.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const { port } = new URL(server.url);
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/projects/${projectId}/meetings HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + wav.length + tail.length}\r\n\r\n`,
    );
    socket.write(head);
    const sent = 2 * S3_PART_SIZE + 4096;
    for (let offset = 0; offset < sent; offset += 1024 * 1024) {
      if (!socket.write(wav.subarray(offset, Math.min(sent, offset + 1024 * 1024))))
        await new Promise((resolve) => socket.once('drain', resolve));
    }
    // The server has stored more than a part (so the multipart upload has begun) when its local copy has.
    await eventually('the upload to be in progress', () => {
      const files = scratchFiles(server);
      return files.length === 1 && statSize(join(server.ctx.config.dataDir, 'tmp', files[0]!)) > S3_PART_SIZE;
    });
    socket.destroy();
    await eventually('the aborted upload to be cleaned up', () => scratchFiles(server).length === 0);
    expect(await s3.keys()).toEqual(keysBefore);
    expect(await meetingCount()).toBe(meetingsBefore);
  });
});

describe('when the S3 store is down', () => {
  let s3: FakeS3;
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let token: string;
  let projectId: string;
  let meetingId: string;

  beforeAll(async () => {
    s3 = await startFakeS3();
    server = await startTestServer(s3.env);
    api = apiClient(server.url);
    ({ token, projectId } = await api.registerWithProject('Outage'));
    const created = await uploadMeeting(server.url, token, projectId, { bytes: jfk, name: 'jfk.wav' });
    expect(created.status).toBe(201);
    meetingId = created.body.data._id;
    await s3.stop();
  });
  afterAll(async () => {
    await server.close();
  });

  const UNAVAILABLE = 'The recording store is not available right now; please try again in a moment';

  it('answers playback with a 503 in the app error shape, before any audio header', async () => {
    const res = await fetch(`${server.url}/api/projects/${projectId}/meetings/${meetingId}/audio`, {
      headers: { authorization: `Bearer ${token}`, range: 'bytes=0-99' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-range')).toBeNull();
    expect(await res.json()).toEqual({ success: false, message: UNAVAILABLE });
  });

  it('answers an upload with a 503 and creates no meeting', async () => {
    const res = await uploadMeeting(server.url, token, projectId, { bytes: jfk, name: 'jfk.wav' });
    expectError(res, 503, UNAVAILABLE);
    const meetings = (await api.get(`/api/projects/${projectId}/meetings`, token)).body.data.meetings;
    expect(meetings.map((m: { _id: string }) => m._id)).toEqual([meetingId]);
  });

  it('reports the store down to the health check', async () => {
    await expect(server.ctx.storage.check()).rejects.toThrow();
  });

  it('still deletes the meeting (the object it could not remove is logged)', async () => {
    const res = await api.request('DELETE', `/api/projects/${projectId}/meetings/${meetingId}`, { token });
    expect(res.status).toBe(204);
    expect(await server.ctx.repos.meetings.findById(meetingId)).toBeUndefined();
  });
});

function statSize(path: string) {
  try {
    return statSync(path).size;
  } catch {
    return 0; // removed meanwhile
  }
}

/** A mono 16 kHz 16-bit WAV of quiet noise with `samples` samples. */
function wavOfSamples(samples: number): Buffer {
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(16000, 24);
  wav.writeUInt32LE(32000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(data, 40);
  let seed = 7;
  for (let i = 44; i < wav.length; i += 2) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    wav.writeInt16LE(((seed >> 8) % 2000) - 1000, i);
  }
  return wav;
}
