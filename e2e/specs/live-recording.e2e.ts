import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerByApi } from '../support/accounts.ts';
import { apiCall } from '../support/api.ts';
import { allowBrowserProblems, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { eventually, expect, hidden, visible } from '../support/expect.ts';
import { clockSeconds, createProjectByApi, JFK_WAV, openSignedIn } from '../support/meetings.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// Recording in chunks with a live transcript (docs/decisions/150) against the real server and worker.
// Chromium's fake microphone plays jfk.wav in a loop: "And so my fellow Americans, ask not what your
// country can do for you, ask what you can do for your country."

const IDLE_MINUTES = 0.25; // the server finishes a recording 15 s after its last chunk
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RECORDING_IDLE_MINUTES: String(IDLE_MINUTES) });
  browser = await launchBrowser({ fakeAudioFile: JFK_WAV });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface MeetingReply {
  _id: string;
  duration: number;
  transcriptionStatus: string;
  recordingState?: string;
}

const JFK_WORDS = /\b(fellow|americans|country|ask)\b/i;

async function openRecorder(page: Page, token: string, projectId: string) {
  await openSignedIn(page, token, `/projects/${projectId}`);
  await page.getByRole('main').getByRole('button', { name: 'New Meeting' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Meeting' });
  await dialog.getByRole('button', { name: 'Start Recording' }).click();
  await visible(dialog.getByRole('button', { name: 'Pause' }));
  return dialog;
}

async function meetingsOf(token: string, projectId: string) {
  return (
    await apiCall<{ data: { meetings: MeetingReply[] } }>(
      server.url,
      token,
      'GET',
      `/api/projects/${projectId}/meetings`,
    )
  ).data.meetings;
}

async function transcribed(token: string, projectId: string, meetingId: string) {
  return eventually(
    async () =>
      (
        await apiCall<{ data: MeetingReply }>(
          server.url,
          token,
          'GET',
          `/api/projects/${projectId}/meetings/${meetingId}`,
        )
      ).data,
    (m) => expect(m.transcriptionStatus).toBe('completed'),
    180_000,
  );
}

describe('recording with a live transcript', () => {
  it('shows the words before Stop, keeps recording through 20 s offline, and the meeting covers all of it', async () => {
    const account = await registerByApi(server.url);
    const projectId = await createProjectByApi(server.url, account.token, 'Live');
    const { page, context } = await newPage(browser, server.url);
    const dialog = await openRecorder(page, account.token, projectId);

    const live = dialog.getByRole('log', { name: 'Live transcript' });
    await eventually(
      async () => (await live.textContent()) ?? '',
      (text) => expect(text).toMatch(JFK_WORDS),
      45_000,
    );
    // The meeting exists while it is recorded, shown as recording in its project.
    const [recording] = await meetingsOf(account.token, projectId);
    expect(recording?.recordingState).toBe('recording');
    await screenshot(page, 'live-recording');

    allowBrowserProblems(/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/);
    await context.setOffline(true);
    // The recording goes on without the network: 20 s of it wait in the browser, as the page counts them
    // (waited for on that count, not the test's clock, which a loaded machine runs ahead of the page's).
    const offline = dialog.getByText(/^Offline: recording continues, 00:\d\d waiting to upload$/);
    await eventually(
      async () => clockSeconds(/(\d\d:\d\d) waiting/.exec((await offline.textContent()) ?? '')?.[1] ?? '00:00'),
      (waiting) => expect(waiting).toBeGreaterThanOrEqual(20),
      90_000,
    );
    await screenshot(page, 'live-recording-offline');
    await context.setOffline(false);
    await hidden(dialog.getByText(/^Offline:/), 30_000);
    await dialog.getByRole('button', { name: 'Stop' }).click();
    // Read once stopped (the buttons of a finished recording shown): the timer no longer moves.
    await visible(dialog.getByRole('button', { name: 'Use Recording' }));
    const recorded = clockSeconds((await dialog.getByRole('timer').textContent()) ?? '');
    expect(recorded).toBeGreaterThanOrEqual(25);
    await dialog.getByRole('button', { name: 'Use Recording' }).click();
    await page.waitForURL(/\/projects\/[^/]+\/meetings\/[^/?]+$/, { timeout: 60_000 });
    const meetingId = page.url().split('/').pop()!;

    const done = await transcribed(account.token, projectId, meetingId);
    // Everything recorded, the offline part included, reached the server.
    expect(done.duration).toBeGreaterThanOrEqual(recorded - 3);
    expect(done.duration).toBeLessThanOrEqual(recorded + 3);
    await visible(page.getByRole('list', { name: 'Transcript' }), 60_000);
    await context.close();
  });

  it('finishes a recording whose page was closed without Stop, with its audio up to the last seconds', async () => {
    const account = await registerByApi(server.url);
    const projectId = await createProjectByApi(server.url, account.token, 'Closed');
    const { page, context } = await newPage(browser, server.url);
    const dialog = await openRecorder(page, account.token, projectId);
    await eventually(
      async () => clockSeconds((await dialog.getByRole('timer').textContent()) ?? ''),
      (s) => expect(s).toBeGreaterThanOrEqual(12),
      60_000,
    );
    const recorded = clockSeconds((await dialog.getByRole('timer').textContent()) ?? '');
    await context.close(); // the tab is gone: no Stop, no Use Recording

    const [meeting] = await meetingsOf(account.token, projectId);
    expect(meeting).toBeDefined();
    const done = await transcribed(account.token, projectId, meeting!._id);
    expect(done.recordingState).toBeUndefined();
    expect(Math.abs(done.duration - recorded)).toBeLessThanOrEqual(10);
    expect(done.duration).toBeGreaterThan(0);
  });
});
