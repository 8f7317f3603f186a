/**
 * A call recorded in Parley (decision 241): the microphone on the left channel, the call's browser tab
 * on the right, started with `source: 'call'`. Each side is transcribed alone; the microphone's side is
 * the person recording, by name, linked to their own entry in People.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LiveTranscriptResponse, MeetingResponse, TranscriptionPageResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Worker } from '../../src/jobs/worker.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { callPartiesInputs, fixtureFfmpeg, fixtureTempDir, jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { TRANSCRIPTION_TEST_MS, TRANSCRIPTION_WAIT_MS } from '../helpers/transcription.ts';

const scratch = fixtureTempDir('parley-call-');

/**
 * As the Record tab makes it: WebM/Opus with short Clusters (Chromium's MediaRecorder), JFK at the
 * microphone (left), the radio amateur in the tab (right), at once. `bleed`: the microphone also hears
 * the tab's voice from the laptop's speaker, 26 dB down.
 */
function callRecording({ bleed = false } = {}): Buffer {
  const out = join(scratch, 'call.webm');
  const sides = bleed
    ? '[1:a]asplit[tab][heard];[heard]volume=0.05[far];[0:a][far]amix=inputs=2:normalize=0[mic];[mic][tab]'
    : '[0:a][1:a]';
  execFileSync(fixtureFfmpeg(), [
    ...callPartiesInputs(),
    ...['-filter_complex', `${sides}join=inputs=2:channel_layout=stereo[out]`, '-map', '[out]'],
    ...['-c:a', 'libopus', '-b:a', '64k', '-cluster_time_limit', '120', '-f', 'webm', out],
  ]);
  return readFileSync(out);
}

/** The recording cut into `count` chunks at arbitrary byte positions, as MediaRecorder's timeslices fall. */
function callChunks(count: number): Buffer[] {
  const bytes = callRecording({ bleed: true });
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
}

describe('a call recorded in Parley', { timeout: TRANSCRIPTION_TEST_MS }, () => {
  let server: TestServer;
  let worker: Worker;
  const api = () => apiClient(server.url);
  type Live = ReturnType<typeof LiveTranscriptResponse.parse>['data'];

  /** Where the meeting's transcription ended (completed or failed), waited for as long as real speech may take. */
  const transcriptionEnd = (projectId: string, meetingId: string, token: string) =>
    vi.waitFor(
      async () => {
        const m = (await api().get(`/api/projects/${projectId}/meetings/${meetingId}`, token)).body.data;
        if (m.transcriptionStatus !== 'completed' && m.transcriptionStatus !== 'failed')
          throw new Error(`transcription still ${m.transcriptionStatus}`);
        return m.transcriptionStatus as string;
      },
      { timeout: TRANSCRIPTION_WAIT_MS, interval: 250 },
    );

  /** The live transcript once `heard` holds of it (bounded: a stalled worker fails the test). */
  const liveOnce = (meetingId: string, token: string, heard: (live: Live) => boolean) =>
    vi.waitFor(
      async () => {
        const live = expectSchema(
          LiveTranscriptResponse,
          (await api().get(`/api/meetings/${meetingId}/live`, token)).body,
        ).data;
        if (!heard(live)) throw new Error(`not heard yet: ${JSON.stringify(live.segments)}`);
        return live;
      },
      { timeout: 240_000, interval: 250 },
    );

  beforeAll(async () => {
    server = await startTestServer();
    worker = await startWorker(server.ctx);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
  });

  it('puts the microphone side under the person recording, linked to them in People, and the tab side apart', async () => {
    const { token, email } = await api().register('Ada Lovelace');
    const person = (await api().post('/api/people', { name: 'Ada L.', email }, token)).body.data;
    const projectId = (await api().post('/api/projects', { name: 'Calls' }, token)).body.data._id;
    const started = await api().post(
      `/api/projects/${projectId}/recordings`,
      { title: 'Call', mimeType: 'audio/webm;codecs=opus', source: 'call' },
      token,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const meetingId = expectSchema(MeetingResponse, started.body).data._id;
    const put = await api().request('PUT', `/api/meetings/${meetingId}/recording/chunks/0`, {
      token,
      raw: callRecording(),
      headers: { 'content-type': 'audio/webm;codecs=opus' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await api().post(`/api/meetings/${meetingId}/recording/finish`, { chunks: 1 }, token)).status).toBe(200);

    expect(await transcriptionEnd(projectId, meetingId, token)).toBe('completed');
    const segments = expectSchema(
      TranscriptionPageResponse,
      (await api().get(`/api/meetings/${meetingId}/transcriptions?page=1&limit=200`, token)).body,
    ).data.transcriptions;
    const textOf = (keep: (s: (typeof segments)[number]) => boolean) =>
      segments
        .filter(keep)
        .map((s) => s.text)
        .join(' ')
        .toLowerCase();
    const mine = (s: (typeof segments)[number]) => s.speaker === 'Ada L.' && s.personId?._id === person._id;
    expect(textOf(mine)).toContain('americans');
    expect(textOf(mine)).not.toContain('brunswick');
    expect(textOf((s) => !mine(s))).toContain('brunswick');
    expect(textOf((s) => !mine(s))).not.toContain('americans');
    expect(segments.filter((s) => !mine(s)).every((s) => s.personId === null && /^Speaker \d+$/.test(s.speaker))).toBe(
      true,
    );
  });

  it('hears each side live on its own, the tab heard again by the microphone silenced: the microphone side under the member recording', async () => {
    // Grace records in a project Hal holds and shares with her: the person recording is Grace.
    const hal = await api().register('Hal Holder');
    const { token, email } = await api().register('Grace Hopper');
    const projectId = (await api().post('/api/projects', { name: 'Live calls' }, hal.token)).body.data._id;
    const shared = await api().post(`/api/projects/${projectId}/members`, { email, role: 'editor' }, hal.token);
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    const started = await api().post(
      `/api/projects/${projectId}/recordings`,
      { title: 'Live call', mimeType: 'audio/webm;codecs=opus', source: 'call' },
      token,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const meetingId = expectSchema(MeetingResponse, started.body).data._id;
    const chunks = callChunks(8);
    for (const [seq, raw] of chunks.entries()) {
      const put = await api().request('PUT', `/api/meetings/${meetingId}/recording/chunks/${seq}`, {
        token,
        raw,
        headers: { 'content-type': 'audio/webm;codecs=opus' },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    }

    // Live passes run until the whole recording (16.4 s) is heard and both sides' words are in (bounded:
    // a stalled worker fails the test).
    const sideText = (live: { segments: Array<{ side?: number | null; text: string }> }, side: number) =>
      live.segments
        .filter((s) => s.side === side)
        .map((s) => s.text)
        .join(' ')
        .toLowerCase();
    const live = await liveOnce(
      meetingId,
      token,
      (l) => l.receivedSeconds >= 16 && sideText(l, 0).includes('country') && sideText(l, 1).includes('brunswick'),
    );
    expect(live.recorder).toBe('Grace Hopper');
    expect(live.segments.every((s) => s.side === 0 || s.side === 1)).toBe(true);
    // each side holds its own party's words and none of the other's
    expect(sideText(live, 0)).not.toMatch(/brunswick|radio/);
    expect(sideText(live, 1)).not.toMatch(/country|americans|fellow/);
    expect(
      (await api().post(`/api/meetings/${meetingId}/recording/finish`, { chunks: chunks.length }, token)).status,
    ).toBe(200);
    // The final transcript names the microphone side after her too.
    expect(await transcriptionEnd(projectId, meetingId, token)).toBe('completed');
    const segments = expectSchema(
      TranscriptionPageResponse,
      (await api().get(`/api/meetings/${meetingId}/transcriptions?page=1&limit=200`, token)).body,
    ).data.transcriptions;
    const speakersSaying = (word: string) =>
      new Set(segments.filter((s) => s.text.toLowerCase().includes(word)).map((s) => s.speaker));
    expect([...speakersSaying('country')]).toEqual(['Grace Hopper']);
    expect(speakersSaying('brunswick').has('Grace Hopper')).toBe(false);
  }, 600_000);

  it('hears a mono recording sent as a call once, not as two equal sides', async () => {
    const { token } = await api().register('Mono Caller');
    const projectId = (await api().post('/api/projects', { name: 'Mono call' }, token)).body.data._id;
    const started = await api().post(
      `/api/projects/${projectId}/recordings`,
      { title: 'Mono call', mimeType: 'audio/webm;codecs=opus', source: 'call' },
      token,
    );
    const meetingId = expectSchema(MeetingResponse, started.body).data._id;
    const out = join(scratch, 'mono.webm');
    execFileSync(fixtureFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', jfkWavPath()],
      ...['-c:a', 'libopus', '-b:a', '32k', '-cluster_time_limit', '120', '-f', 'webm', out],
    ]);
    const put = await api().request('PUT', `/api/meetings/${meetingId}/recording/chunks/0`, {
      token,
      raw: readFileSync(out),
      headers: { 'content-type': 'audio/webm;codecs=opus' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const live = await liveOnce(
      meetingId,
      token,
      (l) => l.receivedSeconds >= 10 && l.segments.some((s) => /country/i.test(s.text)),
    );
    expect(live.segments.filter((s) => s.side === 1)).toEqual([]);
    expect((await api().post(`/api/meetings/${meetingId}/recording/finish`, { chunks: 1 }, token)).status).toBe(200);
  }, 600_000);
});
