import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerByApi } from '../support/accounts.ts';
import { apiCall, uploadByApi } from '../support/api.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { eventually, expect, visible } from '../support/expect.ts';
import { createProjectByApi, JFK_WAV, openSignedIn } from '../support/meetings.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// Recording past the monthly limit (issue 40, item 1): the recording stops itself at the limit, keeps
// everything up to it, and the meeting is finished at once, not after the idle sweep (2 minutes here).

let server: RunningServer;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  server = await startServer({ TIER_MONTHLY_MINUTES: '1', RECORDING_IDLE_MINUTES: '2' });
  browser = await launchBrowser({ fakeAudioFile: JFK_WAV });
  dir = mkdtempSync(join(tmpdir(), 'parley-limit-'));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface MeetingReply {
  _id: string;
  duration: number;
  transcriptionStatus: string;
  recordingState?: string;
}

const seconds = (timer: string) => {
  const [m, s] = timer.split(':').map(Number) as [number, number];
  return m * 60 + s;
};

/** 30 s of the JFK sentence, looped: uploaded, it uses half of a one-minute month. */
function thirtySecondsWav() {
  const out = join(dir, 'thirty.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-stream_loop', '3', '-i', JFK_WAV, '-t', '30', out]);
  return out;
}

describe('recording up to the monthly limit', () => {
  it('with 30 s left: shows it, stops at the limit saying so, and the meeting is finished within 10 s', async () => {
    const account = await registerByApi(server.url);
    const projectId = await createProjectByApi(server.url, account.token, 'Limit');
    const first = await uploadByApi(server.url, account.token, projectId, thirtySecondsWav(), 'First half');
    await eventually(
      async () =>
        (
          await apiCall<{ data: { currentMonthUsage: { duration: number } } }>(
            server.url,
            account.token,
            'GET',
            '/api/users/me',
          )
        ).data.currentMonthUsage.duration,
      (used) => expect(used).toBe(30),
      60_000,
    );

    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, account.token, `/projects/${projectId}`);
    // The meter says what is true: half a minute of one.
    await visible(page.getByText('0.5 / 1 min').first());
    await page.getByRole('main').getByRole('button', { name: 'New Meeting' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Meeting' });
    await visible(dialog.getByText('30 seconds left this month'));
    await dialog.getByRole('button', { name: 'Start Recording' }).click();
    await visible(dialog.getByRole('button', { name: 'Pause' }));
    await visible(dialog.getByText(/^(2\d|1\d|\d) seconds? left this month$/));

    // Nobody presses Stop: the recording stops itself at the limit and says so.
    const stopped = dialog.getByText(
      'The recording stopped at the monthly limit. Everything recorded up to it is kept.',
    );
    await visible(stopped, 60_000);
    const stoppedAt = Date.now();
    await screenshot(page, 'recording-stopped-at-limit');
    await expect(dialog.getByRole('button', { name: 'Pause' }).count()).resolves.toBe(0);
    const recorded = seconds(((await dialog.getByRole('timer').textContent()) ?? '').trim());
    expect(recorded).toBeGreaterThanOrEqual(29);
    expect(recorded).toBeLessThanOrEqual(30);

    const meeting = (
      await apiCall<{ data: { meetings: MeetingReply[] } }>(
        server.url,
        account.token,
        'GET',
        `/api/projects/${projectId}/meetings`,
      )
    ).data.meetings.find((m) => m._id !== first._id);
    expect(meeting).toBeDefined();
    const read = async () =>
      (
        await apiCall<{ data: MeetingReply }>(
          server.url,
          account.token,
          'GET',
          `/api/projects/${projectId}/meetings/${meeting!._id}`,
        )
      ).data;
    // Finished at once with the audio up to the limit (the idle sweep would take 2 minutes): put together
    // and being transcribed within 10 s of the stop.
    const finished = await eventually(
      read,
      (m) => {
        expect(m.recordingState).toBeUndefined();
        expect(m.duration).toBeGreaterThan(0);
      },
      10_000,
    );
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    // Nothing before the limit was lost.
    expect(finished.duration).toBeGreaterThanOrEqual(recorded - 1.5);
    expect(finished.duration).toBeLessThanOrEqual(30.5);
    const done = await eventually(read, (m) => expect(m.transcriptionStatus).toBe('completed'), 120_000);
    expect(done.duration).toBe(finished.duration);

    await dialog.getByRole('button', { name: 'Use Recording' }).click();
    await page.waitForURL(new RegExp(`/meetings/${meeting!._id}$`), { timeout: 30_000 });
    await visible(page.getByRole('list', { name: 'Transcript' }), 30_000);
    await context.close();
  });
});
