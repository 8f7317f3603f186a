/**
 * Uploads of more than two channels (decision 271): heard as one mix of every channel, and the meeting
 * says so; a two-channel file says nothing (a call's sides are heard apart, ordinary stereo is as mono).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { MeetingResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../src/jobs/worker.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { fixtureFfmpeg, fixtureTempDir, jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

const scratch = fixtureTempDir('parley-channels-');

/** JFK on every one of `channels` channels (a conference recorder's tracks). */
function jfkOn(channels: number): string {
  const out = join(scratch, `jfk-${channels}.wav`);
  execFileSync(fixtureFfmpeg(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', jfkWavPath()],
    ...['-ac', String(channels), '-c:a', 'pcm_s16le', out],
  ]);
  return out;
}

describe('uploads of more than two channels', () => {
  let server: TestServer;
  let worker: Worker;
  const api = () => apiClient(server.url);

  beforeAll(async () => {
    server = await startTestServer();
    worker = await startWorker(server.ctx);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
  });

  async function transcribed(path: string) {
    const { token, projectId } = await api().registerWithProject('Channels');
    const created = await uploadMeeting(server.url, token, projectId, { path });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id;
    await expect
      .poll(
        async () => (await api().get(`/api/projects/${projectId}/meetings/${id}`, token)).body.data.transcriptionStatus,
        {
          timeout: 180_000,
          interval: 200,
        },
      )
      .toBe('completed');
    return expectSchema(MeetingResponse, (await api().get(`/api/projects/${projectId}/meetings/${id}`, token)).body)
      .data;
  }

  it('are heard as one mix and the meeting says so, naming the channels', async () => {
    const meeting = await transcribed(jfkOn(6));
    expect(meeting.transcriptionNotice).toBe(
      'This recording has 6 audio channels. Parley heard them mixed into one, so speakers are told apart by their voices alone.',
    );
    expect(meeting.duration).toBe(11);
  });

  it('say nothing for a two-channel file', async () => {
    const meeting = await transcribed(jfkOn(2));
    expect(meeting.transcriptionNotice).toBeUndefined();
  });
});
