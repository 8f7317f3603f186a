import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MeetingListResponse, MeetingResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFfmpeg, fixtureTempDir, jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let userId: string;
let projectId: string;
let credentials: { email: string; password: string };
const scratch = fixtureTempDir('parley-meetings-');
const jfk = jfkWavPath(); // 11 s of real speech

const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => join(d.parentPath, d.name))
    : [];

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const account = await api.register();
  ({
    token,
    user: { _id: userId },
  } = account);
  credentials = { email: account.email, password: account.password };
  projectId = (await api.post('/api/projects', { name: 'Meetings' }, token)).body.data._id;
});
afterAll(() => server.close());

describe('uploading a meeting', () => {
  it('stores the file, measures the duration itself and counts it as usage', async () => {
    const res = await uploadMeeting(
      server.url,
      token,
      projectId,
      { path: jfk },
      { title: '  Kennedy  ', recordingType: 'upload', duration: '999' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const meeting = expectSchema(MeetingResponse, res.body).data;
    expect(meeting).toMatchObject({
      title: 'Kennedy',
      projectId,
      recordingType: 'upload',
      transcriptionStatus: 'pending',
      transcriptionProgress: 0,
    });
    expect(meeting.duration).toBe(11);
    const me = await api.get('/api/users/me', token);
    expect(me.body.data.currentMonthUsage.duration).toBe(11);
    expect(filesUnder(join(server.ctx.config.dataDir, 'audio'))).toHaveLength(1);
    const job = await server.ctx.repos.jobs.findByKey(`transcribe-meeting:${meeting._id}`);
    expect(job?.status).toBe('queued');
  });

  it('lists, reads, and shows recent meetings for the signed-in user only', async () => {
    const list = expectSchema(MeetingListResponse, (await api.get(`/api/projects/${projectId}/meetings`, token)).body)
      .data.meetings;
    expect(list.length).toBeGreaterThan(0);
    const one = await api.get(`/api/projects/${projectId}/meetings/${list[0]!._id}`, token);
    expect(one.body.data._id).toBe(list[0]!._id);
    const recent = await api.get(`/api/users/${userId}/meetings?limit=5`, token);
    expect(recent.body.data.meetings.map((m: { _id: string }) => m._id)).toContain(list[0]!._id);
    const other = await api.register();
    expectError(await api.get(`/api/users/${userId}/meetings?limit=5`, other.token), 403);
  });

  it('accepts browser and common formats: webm/opus, ogg/opus, mp3, m4a', async () => {
    const variants = [
      { ext: 'webm', args: ['-c:a', 'libopus'], type: 'audio/webm;codecs=opus' },
      { ext: 'ogg', args: ['-c:a', 'libopus'], type: 'audio/ogg' },
      { ext: 'mp3', args: ['-c:a', 'libmp3lame'], type: 'audio/mpeg' },
      { ext: 'm4a', args: ['-c:a', 'aac'], type: 'audio/mp4' },
    ];
    for (const v of variants) {
      const out = join(scratch, `jfk.${v.ext}`);
      execFileSync(fixtureFfmpeg(), ['-y', '-loglevel', 'error', '-i', jfk, ...v.args, out]);
      const res = await uploadMeeting(
        server.url,
        token,
        projectId,
        { path: out, type: v.type },
        { title: v.ext, recordingType: 'direct' },
      );
      expect(res.status, `${v.ext}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(Math.abs(res.body.data.duration - 11)).toBeLessThanOrEqual(1);
    }
  });

  it('requires a title and a file', async () => {
    const noTitle = await uploadMeeting(server.url, token, projectId, { path: jfk }, { recordingType: 'upload' });
    expectError(noTitle, 400, 'Please enter a meeting title');
    const form = new FormData();
    form.append('title', 'No file');
    const res = await fetch(`${server.url}/api/projects/${projectId}/meetings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expectError({ status: res.status, body: await res.json() }, 400, 'Please select an audio file');
  });
});

describe('bad uploads are refused and leave nothing behind', () => {
  const invalidType = 'Invalid file type. Please select an audio file (MP3, WAV, WebM, OGG, M4A).';

  async function expectNothingLeft(before: { meetings: number; files: number }) {
    const meetings = (await api.get(`/api/projects/${projectId}/meetings`, token)).body.data.meetings.length;
    expect(meetings).toBe(before.meetings);
    expect(filesUnder(join(server.ctx.config.dataDir, 'audio'))).toHaveLength(before.files);
    expect(filesUnder(join(server.ctx.config.dataDir, 'tmp'))).toHaveLength(0);
  }
  const snapshot = async () => ({
    meetings: (await api.get(`/api/projects/${projectId}/meetings`, token)).body.data.meetings.length,
    files: filesUnder(join(server.ctx.config.dataDir, 'audio')).length,
  });

  it.each([
    ['zero bytes', { bytes: new Uint8Array(0), name: 'empty.wav', type: 'audio/wav' }, 400, 'The audio file is empty'],
    [
      'a text file named .mp3',
      {
        bytes: new TextEncoder().encode('just some notes, not audio\n'.repeat(50)),
        name: 'notes.mp3',
        type: 'audio/mpeg',
      },
      400,
      /could not be read as audio/,
    ],
    [
      'a text file with a text MIME type',
      { bytes: new TextEncoder().encode('hello'), name: 'notes.txt', type: 'text/plain' },
      400,
      invalidType,
    ],
    [
      'an image',
      { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), name: 'pic.png', type: 'image/png' },
      400,
      invalidType,
    ],
  ])('%s', async (_label, file, status, message) => {
    const before = await snapshot();
    expectError(await uploadMeeting(server.url, token, projectId, file), status, message);
    await expectNothingLeft(before);
  });

  it('a truncated recording keeps only what decodes, measured', async () => {
    const mp3 = join(scratch, 'cut.mp3');
    execFileSync(fixtureFfmpeg(), ['-y', '-loglevel', 'error', '-i', jfk, '-c:a', 'libmp3lame', mp3]);
    const bytes = readFileSync(mp3);
    const res = await uploadMeeting(server.url, token, projectId, {
      bytes: bytes.subarray(0, Math.floor(bytes.length / 2)),
      name: 'cut.mp3',
      type: 'audio/mpeg',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.duration).toBeGreaterThan(3);
    expect(res.body.data.duration).toBeLessThan(8);
  });

  it('another user’s project is a 404 and nothing is stored', async () => {
    const other = await api.register();
    const before = await snapshot();
    expectError(await uploadMeeting(server.url, other.token, projectId, { path: jfk }), 404, 'Project not found');
    await expectNothingLeft(before);
  });

  it('a file over the tier size gives 413 with the spec message', async () => {
    const small = await startTestServer({ TIER_MAX_FILE_SIZE_MB: '1' });
    try {
      const smallApi = apiClient(small.url);
      const user = await smallApi.register();
      const project = (await smallApi.post('/api/projects', { name: 'Tiny' }, user.token)).body.data._id;
      const big = new Uint8Array(1024 * 1024 + 10).fill(7);
      expectError(
        await uploadMeeting(small.url, user.token, project, { bytes: big, name: 'big.wav' }),
        413,
        'File size exceeds 1MB. Please select a smaller file.',
      );
      expect(filesUnder(join(small.ctx.config.dataDir, 'tmp'))).toHaveLength(0);
      expect(filesUnder(join(small.ctx.config.dataDir, 'audio'))).toHaveLength(0);
    } finally {
      await small.close();
    }
  });

  it('over the monthly limit gives 403 with the spec message', async () => {
    const limited = await startTestServer({ TIER_MONTHLY_MINUTES: '1' });
    try {
      const limitedApi = apiClient(limited.url);
      const user = await limitedApi.register();
      const project = (await limitedApi.post('/api/projects', { name: 'Quota' }, user.token)).body.data._id;
      // 55 s fit the 60 s limit; the 11 s clip after it would overshoot it, so it is refused once measured.
      const long = join(scratch, 'fifty-five-seconds.wav');
      execFileSync(fixtureFfmpeg(), ['-y', '-loglevel', 'error', '-stream_loop', '6', '-i', jfk, '-t', '55', long]);
      expect((await uploadMeeting(limited.url, user.token, project, { path: long })).status).toBe(201);
      expectError(
        await uploadMeeting(limited.url, user.token, project, { path: jfk }),
        403,
        'Monthly limit reached (1 minutes). Please upgrade to continue.',
      );
      expect((await limitedApi.get('/api/users/me', user.token)).body.data.currentMonthUsage.duration).toBe(55);
    } finally {
      await limited.close();
    }
  });
});

describe('playback, moving and deleting', () => {
  let meetingId: string;
  beforeAll(async () => {
    meetingId = (
      await uploadMeeting(server.url, token, projectId, { path: jfk }, { title: 'Playback', recordingType: 'upload' })
    ).body.data._id;
  });

  it('streams the recording with Range support', async () => {
    const size = statSync(jfk).size;
    const url = `${server.url}/api/projects/${projectId}/meetings/${meetingId}/audio`;
    const whole = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await whole.arrayBuffer()).byteLength).toBe(size);
    const part = await fetch(url, { headers: { authorization: `Bearer ${token}`, range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(readFileSync(jfk).subarray(100, 200));
    const tail = await fetch(url, { headers: { authorization: `Bearer ${token}`, range: 'bytes=-10' } });
    expect((await tail.arrayBuffer()).byteLength).toBe(10);
    const beyond = await fetch(url, { headers: { authorization: `Bearer ${token}`, range: `bytes=${size + 5}-` } });
    expect(beyond.status).toBe(416);
  });

  it('gives <audio> a signed URL that works for this meeting only', async () => {
    const signed = (await api.get(`/api/projects/${projectId}/meetings/${meetingId}/audio-url`, token)).body.data
      .url as string;
    const ok = await fetch(`${server.url}${signed}`);
    expect(ok.status).toBe(200);
    const other = (
      await uploadMeeting(server.url, token, projectId, { path: jfk }, { title: 'Other', recordingType: 'upload' })
    ).body.data._id;
    const reused = await fetch(`${server.url}${signed.replace(meetingId, other)}`);
    expect(reused.status).toBe(404);
    expect((await fetch(`${server.url}/api/projects/${projectId}/meetings/${meetingId}/audio`)).status).toBe(401);
    expect(
      (await fetch(`${server.url}/api/projects/${projectId}/meetings/${meetingId}/audio?token=forged`)).status,
    ).toBe(401);
    const stranger = await api.register();
    const theirs = await fetch(`${server.url}/api/projects/${projectId}/meetings/${meetingId}/audio`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(theirs.status).toBe(404);
  });

  it('stops an audio URL at once when the session that asked for it signs out, or the token that did is deleted', async () => {
    const audioUrl = async (bearer: string) =>
      (await api.get(`/api/projects/${projectId}/meetings/${meetingId}/audio-url`, bearer)).body.data.url as string;
    const session = (await api.post('/auth/login', credentials)).body.data.token as string;
    const mine = await audioUrl(session);
    const others = await audioUrl(token);
    expect((await fetch(`${server.url}${mine}`)).status).toBe(200);
    expect((await api.post('/auth/logout', {}, session)).status).toBe(204);
    expectError(await api.get(mine), 401, 'Your session is no longer valid. Please sign in again.');
    // The user's other session, and the URL it asked for, go on.
    expect((await fetch(`${server.url}${others}`)).status).toBe(200);

    const pat = (await api.post('/api/users/me/tokens', { name: 'Player', scope: 'read' }, token)).body.data;
    const patUrl = await audioUrl(pat.token);
    expect((await fetch(`${server.url}${patUrl}`)).status).toBe(200);
    expect((await api.delete(`/api/users/me/tokens/${pat._id}`, token)).status).toBe(204);
    expectError(await api.get(patUrl), 401);
  });

  it('moves a meeting to another of the user’s projects only', async () => {
    const target = (await api.post('/api/projects', { name: 'Target' }, token)).body.data._id;
    const moved = await api.put(`/api/projects/${projectId}/meetings/${meetingId}`, { projectId: target }, token);
    expect(moved.status).toBe(200);
    expect(moved.body.data.projectId).toBe(target);
    expectError(await api.get(`/api/projects/${projectId}/meetings/${meetingId}`, token), 404);
    const stranger = await api.register();
    const theirProject = (await api.post('/api/projects', { name: 'Theirs' }, stranger.token)).body.data._id;
    expectError(
      await api.put(`/api/projects/${target}/meetings/${meetingId}`, { projectId: theirProject }, token),
      400,
    );
    expectError(await api.put(`/api/projects/${target}/meetings/${meetingId}`, {}, token), 400);
    await api.put(`/api/projects/${target}/meetings/${meetingId}`, { projectId }, token);
  });

  it('deleting a meeting removes its audio file, segments and job', async () => {
    const row = await server.ctx.repos.meetings.findById(meetingId);
    const audioPath = join(server.ctx.config.dataDir, row!.audio_key!);
    await server.ctx.repos.transcriptions.replaceForMeeting(server.ctx.db, userId, meetingId, [
      { speaker: 'Speaker 1', text: 'hello', startMs: 0, endMs: 900 },
    ]);
    expect(existsSync(audioPath)).toBe(true);
    expect((await api.delete(`/api/projects/${projectId}/meetings/${meetingId}`, token)).status).toBe(204);
    expect(existsSync(audioPath)).toBe(false);
    expectError(await api.get(`/api/meetings/${meetingId}/transcriptions`, token), 404);
    const leftover = await server.ctx.db
      .selectFrom('transcriptions')
      .select('id')
      .where('meeting_id', '=', meetingId)
      .execute();
    expect(leftover).toHaveLength(0);
    expect(await server.ctx.repos.jobs.findByKey(`transcribe-meeting:${meetingId}`)).toBeUndefined();
  });

  it('deleting a project deletes its meetings and their audio', async () => {
    const doomed = (await api.post('/api/projects', { name: 'Doomed' }, token)).body.data._id;
    const m = (await uploadMeeting(server.url, token, doomed, { path: jfk })).body.data._id;
    const row = await server.ctx.repos.meetings.findById(m);
    const audioPath = join(server.ctx.config.dataDir, row!.audio_key!);
    expect((await api.delete(`/api/projects/${doomed}`, token)).status).toBe(204);
    expect(await server.ctx.repos.meetings.findById(m)).toBeUndefined();
    expect(existsSync(audioPath)).toBe(false);
    expect(await server.ctx.repos.jobs.findByKey(`transcribe-meeting:${m}`)).toBeUndefined();
  });
});
