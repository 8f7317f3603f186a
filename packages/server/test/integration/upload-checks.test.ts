import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// Uploads are checked before they cost anything: sample rate from the header, length against
// MAX_RECORDING_HOURS, and the measured duration against the minutes left this month.
let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  // 0.002 hours = 7.2 s: the 11 s JFK clip is over it.
  server = await startTestServer({ MAX_RECORDING_HOURS: '0.002' });
  api = apiClient(server.url);
});
afterAll(() => server.close());

/** A mono 16-bit PCM WAV whose 44-byte header claims `sampleRate`, followed by `samples` of silence. */
function wavClaiming(sampleRate: number, samples = 1000): Uint8Array {
  const data = samples * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * 2, 28); // byte rate
  b.writeUInt16LE(2, 32); // block align
  b.writeUInt16LE(16, 34); // bits per sample
  b.write('data', 36);
  b.writeUInt32LE(data, 40);
  return b;
}

const storedFiles = (on: TestServer = server) => {
  const dir = join(on.ctx.config.dataDir, 'audio');
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()) : [];
};

async function newUser() {
  const { token, user, projectId } = await api.registerWithProject('Checks');
  return { token, userId: user._id as string, projectId };
}

async function expectNothingKept(token: string, projectId: string) {
  expect((await api.get(`/api/projects/${projectId}/meetings`, token)).body.data.meetings).toEqual([]);
  expect((await api.get('/api/users/me', token)).body.data.currentMonthUsage.duration).toBe(0);
  expect(storedFiles()).toHaveLength(0);
}

describe('upload checks', () => {
  it.each([1, 4000, 384_000])('refuses a WAV whose header claims %i Hz (400, nothing kept)', async (rate) => {
    const { token, projectId } = await newUser();
    const res = await uploadMeeting(server.url, token, projectId, { bytes: wavClaiming(rate), name: 'odd.wav' });
    expectError(res, 400, `The audio's sample rate (${rate} Hz) is outside the supported 8-192 kHz`);
    expect(res.body.errors).toEqual([{ path: 'audioFile', message: res.body.message }]);
    await expectNothingKept(token, projectId);
  });

  it('refuses media longer than MAX_RECORDING_HOURS with a 400 naming the limit', async () => {
    const { token, projectId } = await newUser();
    const res = await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() });
    expectError(res, 400, 'The recording is longer than the 0.002-hour limit');
    await expectNothingKept(token, projectId);
  });

  it('refuses media longer than MAX_RECORDING_HOURS with the 400 even when the month is used up', async () => {
    const { token, userId, projectId } = await newUser();
    await server.ctx.db.updateTable('users').set({ monthly_duration_limit: 0 }).where('id', '=', userId).execute();
    const tooLong = await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() });
    expectError(tooLong, 400, 'The recording is longer than the 0.002-hour limit');
    // Audio within the hours is refused for the month.
    const short = await uploadMeeting(server.url, token, projectId, { bytes: wavClaiming(8000, 8000), name: 's.wav' });
    expectError(short, 403, MESSAGES.monthlyLimitReached(0));
    await expectNothingKept(token, projectId);
  });

  it('refuses a recording longer than the minutes left (403, spec message), its audio deleted', async () => {
    const limited = await startTestServer();
    try {
      const client = apiClient(limited.url);
      const { token, user } = await client.register();
      const projectId = (await client.post('/api/projects', { name: 'Left' }, token)).body.data._id as string;
      // 10 s left this month; the clip is 11 s: under the limit before the upload, over it once measured.
      await limited.ctx.db
        .updateTable('users')
        .set({ monthly_duration_limit: 10 })
        .where('id', '=', user._id)
        .execute();
      const res = await uploadMeeting(limited.url, token, projectId, { path: jfkWavPath() });
      expectError(res, 403, MESSAGES.monthlyLimitReached(10));
      expect((await client.get(`/api/projects/${projectId}/meetings`, token)).body.data.meetings).toEqual([]);
      expect((await client.get('/api/users/me', token)).body.data.currentMonthUsage.duration).toBe(0);
      expect(storedFiles(limited)).toHaveLength(0);

      // With the whole clip left it is accepted and counted.
      await limited.ctx.db
        .updateTable('users')
        .set({ monthly_duration_limit: 60 })
        .where('id', '=', user._id)
        .execute();
      const fits = await uploadMeeting(limited.url, token, projectId, { path: jfkWavPath() });
      expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
