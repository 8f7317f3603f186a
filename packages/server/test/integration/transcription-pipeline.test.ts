import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordErrorRate } from '../../../../bench/scoring/wer.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { fixtureFfmpeg, fixtureTempDir, JFK_TEXT, jfkWavPath, makeMultiSpeakerMeeting } from '../fixtures/audio.ts';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { TRANSCRIPTION_TEST_MS, TRANSCRIPTION_WAIT_MS } from '../helpers/transcription.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

const scratch = fixtureTempDir('parley-pipeline-');
const jfk = jfkWavPath();

async function waitForMeeting(
  api: ReturnType<typeof apiClient>,
  token: string,
  projectId: string,
  id: string,
  timeoutMs = TRANSCRIPTION_WAIT_MS,
) {
  const seenProgress = new Set<number>();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const meeting = (await api.get(`/api/projects/${projectId}/meetings/${id}`, token)).body.data;
    seenProgress.add(meeting.transcriptionProgress);
    if (meeting.transcriptionStatus === 'completed' || meeting.transcriptionStatus === 'failed')
      return { meeting, seenProgress };
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`meeting ${id} did not finish within ${timeoutMs} ms`);
}

async function allSegments(api: ReturnType<typeof apiClient>, token: string, meetingId: string) {
  return (await api.get(`/api/meetings/${meetingId}/transcriptions?page=1&limit=200`, token)).body.data
    .transcriptions as Array<{
    speaker: string;
    text: string;
    startTime: number;
    endTime: number;
  }>;
}

function expectOrderedTimes(segments: Array<{ startTime: number; endTime: number }>) {
  for (let i = 0; i < segments.length; i++) {
    expect(segments[i]!.endTime).toBeGreaterThan(segments[i]!.startTime);
    if (i > 0) expect(segments[i]!.startTime).toBeGreaterThanOrEqual(segments[i - 1]!.startTime);
  }
}

// Each test waits for a transcription: its timeout is above that wait (a test's default is 60 s).
describe('the transcription pipeline through the API (in-process worker)', { timeout: TRANSCRIPTION_TEST_MS }, () => {
  let server: TestServer;
  let worker: Worker;
  let api: ReturnType<typeof apiClient>;
  let token: string;
  let projectId: string;

  beforeAll(async () => {
    server = await startTestServer();
    worker = await startWorker(server.ctx);
    api = apiClient(server.url);
    ({ token, projectId } = await api.registerWithProject('Pipeline'));
  });
  afterAll(async () => {
    await worker.stop();
    await server.close();
  });

  const formats = [
    { ext: 'wav', args: [] as string[], type: 'audio/wav' },
    { ext: 'mp3', args: ['-c:a', 'libmp3lame'], type: 'audio/mpeg' },
    { ext: 'webm', args: ['-c:a', 'libopus'], type: 'audio/webm' },
    { ext: 'ogg', args: ['-c:a', 'libopus'], type: 'audio/ogg' },
    { ext: 'm4a', args: ['-c:a', 'aac'], type: 'audio/mp4' },
  ];

  it.each(formats)('transcribes real speech uploaded as $ext', async ({ ext, args, type }) => {
    const path = join(scratch, `jfk.${ext}`);
    execFileSync(fixtureFfmpeg(), ['-y', '-loglevel', 'error', '-i', jfk, ...args, path]);
    const created = await uploadMeeting(
      server.url,
      token,
      projectId,
      { path, type },
      { title: `JFK ${ext}`, recordingType: 'upload' },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { meeting } = await waitForMeeting(api, token, projectId, created.body.data._id);
    expect(meeting.transcriptionStatus, meeting.transcriptionError).toBe('completed');
    expect(meeting.transcriptionProgress).toBe(100);
    const segments = await allSegments(api, token, meeting._id);
    expect(segments.length).toBeGreaterThan(0);
    expectOrderedTimes(segments);
    expect(new Set(segments.map((s) => s.speaker)).size).toBe(1);
    const wer = wordErrorRate(JFK_TEXT, segments.map((s) => s.text).join(' '));
    expect(wer).toBeLessThan(0.15);
  });

  it('labels a meeting of several real speakers with several speakers, progress moving', async () => {
    const built = makeMultiSpeakerMeeting({ dir: scratch, speakers: 3 });
    const created = await uploadMeeting(
      server.url,
      token,
      projectId,
      { path: built.path },
      { title: 'Three voices', recordingType: 'upload' },
    );
    const { meeting, seenProgress } = await waitForMeeting(api, token, projectId, created.body.data._id);
    expect(meeting.transcriptionStatus).toBe('completed');
    expect([...seenProgress].some((p) => p > 0 && p < 100)).toBe(true);
    const segments = await allSegments(api, token, meeting._id);
    expectOrderedTimes(segments);
    expect(new Set(segments.map((s) => s.speaker)).size).toBeGreaterThanOrEqual(2);
    expect(segments[segments.length - 1]!.endTime).toBeLessThanOrEqual(built.duration * 1000 + 500);
  });
});
