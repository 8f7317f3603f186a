import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { registerByApi } from './accounts.ts';
import { apiCall } from './api.ts';
import { repoRoot } from './server.ts';

// Set-up helpers for the meeting screens' tests: what a test is not about goes through the API.

export const JFK_WAV = join(repoRoot, '.cache/test-audio/jfk.wav');
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

/**
 * Five LibriVox sentences (Sense and Sensibility, two readers) joined with a second of silence
 * between them: about 29 s of real speech that transcribes into five segments and two speakers.
 */
export function makeLibrivoxWav(dir: string): string {
  const clips = ['0870', '0880', '0890', '0920', '0930'].map(
    (id) => `${LIBRIVOX}/sense_and_sensibility_01_austen_64kb-${id}.wav`,
  );
  const out = join(dir, 'sense-and-sensibility.wav');
  const inputs = clips.flatMap((clip) => ['-i', clip]);
  const silence = ['-f', 'lavfi', '-t', '1', '-i', 'anullsrc=r=16000:cl=mono'];
  const graph = `${clips.map((_, i) => `[${i}]${i < clips.length - 1 ? `[${clips.length}]` : ''}`).join('')}concat=n=${clips.length * 2 - 1}:v=0:a=1`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    ...inputs,
    ...silence,
    '-filter_complex',
    graph,
    '-ar',
    '16000',
    '-ac',
    '1',
    out,
  ]);
  return out;
}

export async function createProjectByApi(baseUrl: string, token: string, name: string) {
  const reply = await apiCall<{ data: { _id: string } }>(baseUrl, token, 'POST', '/api/projects', { name });
  return reply.data._id;
}

export async function createPersonByApi(baseUrl: string, token: string, name: string, company?: string) {
  const reply = await apiCall<{ data: { _id: string } }>(baseUrl, token, 'POST', '/api/people', { name, company });
  return reply.data._id;
}

/** Creates a meeting from one file (`audioFile` or `transcriptFile`) and returns its id. */
async function postMeeting(
  baseUrl: string,
  token: string,
  projectId: string,
  title: string,
  file: [string, Blob, string],
) {
  const form = new FormData();
  form.append('title', title);
  form.append('recordingType', 'upload');
  form.append(...file);
  const res = await fetch(`${baseUrl}/api/projects/${projectId}/meetings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

export function uploadMeetingByApi(baseUrl: string, token: string, projectId: string, file: string, title: string) {
  const audio = new Blob([readFileSync(file)], { type: 'audio/wav' });
  return postMeeting(baseUrl, token, projectId, title, ['audioFile', audio, basename(file)]);
}

/** A meeting imported from a WebVTT transcript: completed at once, no transcription to wait for. */
export function importTranscriptByApi(baseUrl: string, token: string, projectId: string, vtt: string, title: string) {
  const transcript = new Blob([vtt], { type: 'text/vtt' });
  return postMeeting(baseUrl, token, projectId, title, ['transcriptFile', transcript, 'transcript.vtt']);
}

/** Waits until the worker has finished the meeting (completed or failed) and returns its status. */
export async function waitForTranscription(baseUrl: string, token: string, projectId: string, meetingId: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const reply = await apiCall<{ data: { transcriptionStatus: string } }>(
      baseUrl,
      token,
      'GET',
      `/api/projects/${projectId}/meetings/${meetingId}`,
    );
    const status = reply.data.transcriptionStatus;
    if (status === 'completed' || status === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`meeting ${meetingId} still ${status} after 120 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A new account with one project named `projectName` holding the meeting `addMeeting` puts there. */
async function accountWithMeeting(
  baseUrl: string,
  projectName: string,
  addMeeting: (token: string, projectId: string) => Promise<string>,
  account?: Parameters<typeof registerByApi>[1],
) {
  const registered = await registerByApi(baseUrl, account);
  const projectId = await createProjectByApi(baseUrl, registered.token, projectName);
  const meetingId = await addMeeting(registered.token, projectId);
  return { ...registered, projectId, meetingId, path: `/projects/${projectId}/meetings/${meetingId}` };
}

/**
 * A new account with one project holding one meeting that the server's own worker has transcribed
 * from `file`: the set-up of every test about what is done with a finished transcript.
 */
export function accountWithTranscribedMeeting(baseUrl: string, file: string, projectName: string, title: string) {
  return accountWithMeeting(baseUrl, projectName, async (token, projectId) => {
    const meetingId = await uploadMeetingByApi(baseUrl, token, projectId, file, title);
    const status = await waitForTranscription(baseUrl, token, projectId, meetingId);
    if (status !== 'completed') throw new Error(`meeting ${meetingId} ended ${status}, not completed`);
    return meetingId;
  });
}

/**
 * A new account (named as `account` says) with one project holding one meeting imported from the
 * WebVTT transcript `vtt`: a transcript at once, for the tests about what is done with one.
 */
export function accountWithImportedMeeting(
  baseUrl: string,
  {
    vtt,
    projectName,
    title,
    account,
  }: { vtt: string; projectName: string; title: string; account?: Parameters<typeof registerByApi>[1] },
) {
  return accountWithMeeting(
    baseUrl,
    projectName,
    (token, projectId) => importTranscriptByApi(baseUrl, token, projectId, vtt, title),
    account,
  );
}

/**
 * How many transcript segments the server holds for a meeting: the screens must show that count. The
 * pipeline decides how a recording is cut (pauses, speaker changes), so tests read it, not assume it.
 */
export async function segmentCount(baseUrl: string, token: string, meetingId: string): Promise<number> {
  const reply = await apiCall<{ data: { pagination: { total: number } } }>(
    baseUrl,
    token,
    'GET',
    `/api/meetings/${meetingId}/transcriptions?limit=1`,
  );
  return reply.data.pagination.total;
}

/** The seconds an "mm:ss" clock shows (the recorder's timer, the player's times). */
export function clockSeconds(clock: string): number {
  const [minutes, seconds] = clock.trim().split(':').map(Number) as [number, number];
  return minutes * 60 + seconds;
}

/** Opens the app signed in with `token` (as the sign-in screen would leave it). */
export async function openSignedIn(page: Page, token: string, path = '/') {
  await page.goto('/');
  await page.evaluate((value) => {
    localStorage.setItem('auth_token', value);
  }, token);
  await page.goto(path);
}
