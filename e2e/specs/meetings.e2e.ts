import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerByApi } from '../support/accounts.ts';
import { apiCall } from '../support/api.ts';
import { launchBrowser, MOBILE, newPage, screenshot, tempDir } from '../support/browser.ts';
import { eventually, expect, hidden, visible } from '../support/expect.ts';
import {
  accountWithTranscribedMeeting,
  clockSeconds,
  createPersonByApi,
  createProjectByApi,
  JFK_WAV,
  makeLibrivoxWav,
  openSignedIn,
  segmentCount,
} from '../support/meetings.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// The meeting screens against the real server and its worker (offline transcription). Chromium's
// fake microphone plays jfk.wav in a loop, so a recording made through the UI is real speech.

let server: RunningServer;
let browser: Browser;
let speechFile: string;

beforeAll(async () => {
  speechFile = makeLibrivoxWav(tempDir('parley-e2e-audio-'));
  server = await startServer();
  browser = await launchBrowser({ fakeAudioFile: JFK_WAV });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type AudioLike = { currentTime: number; paused: boolean };
/** The meeting's <audio> element (the player draws its own controls; the element has none). */
const recording = (page: Page) => page.locator('audio[aria-label="Meeting recording"]');
/** Whether the page asks before it is closed or reloaded (a beforeunload handler cancels). */
const cancelledUnload = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();
/**
 * How far the recording the server measures may be from the recorder's timer, in seconds: the timer
 * shows whole seconds and starts as the recorder starts, the file's length is rounded and starts with
 * its first audio.
 */
const RECORDER_TOLERANCE_S = 2;
const transcript = (page: Page) => page.getByRole('list', { name: 'Transcript' });
const segments = (page: Page) => transcript(page).getByRole('listitem');

/** A user with one project holding the LibriVox meeting, transcribed. */
async function userWithMeeting(title = 'Sense and Sensibility') {
  const meeting = await accountWithTranscribedMeeting(server.url, speechFile, 'Book club', title);
  const segmentTotal = await segmentCount(server.url, meeting.token, meeting.meetingId);
  expect(segmentTotal).toBeGreaterThanOrEqual(2);
  return { ...meeting, segmentTotal };
}

describe('creating meetings', () => {
  it('records through the fake microphone, uses the recording and shows its transcript', async () => {
    const account = await registerByApi(server.url);
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, account.token);
    await visible(page.getByRole('heading', { name: 'Recent Meetings' }));
    // The app creates the default project for a new user; New Meeting then asks which project.
    await eventually(
      () => page.getByRole('main').getByRole('button', { name: 'New Meeting' }).first().isEnabled(),
      (enabled) => expect(enabled).toBe(true),
    );
    await page.getByRole('main').getByRole('button', { name: 'New Meeting' }).first().click();
    const select = page.getByRole('dialog', { name: 'Select Project' });
    await select.getByRole('button', { name: /My Meetings/ }).click();

    const dialog = page.getByRole('dialog', { name: 'New Meeting' });
    const timer = dialog.getByRole('timer');
    const timerSeconds = async () => clockSeconds(await text(timer));
    // Waits go by the recorder's own timer, not the test's clock: on a loaded machine the test's steps
    // take seconds, which the timer rightly counts.
    await dialog.getByRole('button', { name: 'Start Recording' }).click();
    await visible(dialog.getByRole('button', { name: 'Pause' }));
    await eventually(timerSeconds, (seconds) => expect(seconds).toBeGreaterThanOrEqual(1));
    await dialog.getByRole('button', { name: 'Pause' }).click();
    await visible(dialog.getByRole('button', { name: 'Resume' }));
    const pausedAt = await text(timer);
    // Paused time is not counted: nothing to wait for, so a window in which a running timer would tick
    // (a slow machine can only make the window longer).
    await page.waitForTimeout(1500);
    expect(await text(timer)).toBe(pausedAt);
    await dialog.getByRole('button', { name: 'Resume' }).click();
    await screenshot(page, 'meetings-recording');
    // One whole pass of the 11 s speech after the pause.
    const enough = clockSeconds(pausedAt) + 12;
    await eventually(timerSeconds, (seconds) => expect(seconds).toBeGreaterThanOrEqual(enough), 60_000);
    // A recording is never thrown away without asking, nor lost to a closing tab.
    expect(await cancelledUnload(page)).toBe(true);
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard this recording?' });
    await discard.getByRole('button', { name: 'Keep recording' }).click();
    await hidden(discard);
    await visible(dialog.getByRole('button', { name: 'Pause' }));
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await visible(dialog.getByRole('button', { name: 'Use Recording' }));
    await visible(dialog.getByRole('button', { name: 'Re-record' }));
    const recorded = await text(timer); // stopped: the timer no longer moves
    expect(clockSeconds(recorded)).toBeGreaterThanOrEqual(enough);
    // The preview of MediaRecorder's WebM (no duration in its header) shows the recorder's length.
    await eventually(
      () => text(dialog.locator('[data-slot="player-time"]')),
      (time) => expect(time).toBe(`00:00 / ${recorded}`),
    );
    await page.mouse.click(5, 5); // a click outside the dialog asks too
    await visible(discard);
    await screenshot(page, 'meetings-discard-recording');
    await discard.getByRole('button', { name: 'Keep recording' }).click();
    await hidden(discard);
    await screenshot(page, 'meetings-recording-stopped');
    await dialog.getByRole('button', { name: 'Use Recording' }).click();

    await page.waitForURL(/\/projects\/[^/]+\/meetings\/[^/?]+$/, { timeout: 30_000 });
    await visible(
      page.getByRole('heading', { level: 1, name: /^Meeting - [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/ }),
    );
    await visible(transcript(page), 90_000);
    await eventually(
      () => text(transcript(page)),
      (text) => expect(text.toLowerCase()).toContain('country'),
    );
    await visible(page.getByText(/^\d+ segment\(s\) loaded$/));
    // Transcribed, so put together: the server's measure of the file matches what the recorder counted.
    const [, projectId, meetingId] = /\/projects\/([^/]+)\/meetings\/([^/?]+)$/.exec(page.url())!;
    const stored = await apiCall<{ data: { duration: number } }>(
      server.url,
      account.token,
      'GET',
      `/api/projects/${projectId}/meetings/${meetingId}`,
    );
    expect(Math.abs(stored.data.duration - clockSeconds(recorded))).toBeLessThanOrEqual(RECORDER_TOLERANCE_S);
    // The player knows the recording's real length (the file reports Infinity) and seeks within it.
    const length = await eventually(
      async () => /^00:00 \/ (\d\d:\d\d)$/.exec(await text(page.locator('[data-slot="player-time"]')))?.[1],
      (total) => expect(Math.abs(clockSeconds(total ?? '00:00') - stored.data.duration)).toBeLessThanOrEqual(1),
    );
    await page.getByRole('button', { name: 'Forward 10 seconds' }).click();
    await eventually(
      () => recording(page).evaluate((el) => (el as unknown as AudioLike).currentTime),
      (time) => expect(time).toBeCloseTo(10, 0),
    );
    await visible(page.locator('[data-slot="player-time"]').getByText(`00:10 / ${length}`, { exact: true }));
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await eventually(
      () => recording(page).evaluate((el) => (el as unknown as AudioLike).paused),
      (paused) => expect(paused).toBe(false),
    );
    expect(await cancelledUnload(page)).toBe(false);
    await screenshot(page, 'meetings-recorded-transcript');
    await context.close();
  });

  it('uploads a speech file from the project screen and shows its transcript', async () => {
    const account = await registerByApi(server.url);
    const projectId = await createProjectByApi(server.url, account.token, 'Book club');
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, account.token, `/projects/${projectId}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Book club' }));
    await page.getByRole('main').getByRole('button', { name: 'New Meeting' }).click();
    // The project is known here: straight to the New Meeting dialog.
    const dialog = page.getByRole('dialog', { name: 'New Meeting' });
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await visible(dialog.getByText('Please select an audio file'));
    await visible(dialog.getByText('Please enter a meeting title'));
    await dialog.getByLabel('Audio file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not audio'),
    });
    await visible(dialog.getByText('Invalid file type. Please select an audio file (MP3, WAV, WebM, OGG, M4A).'));
    await dialog.getByLabel('Audio file').setInputFiles(speechFile);
    await dialog.getByLabel('Title', { exact: true }).fill('Chapter one');
    await visible(dialog.getByText(/0:29/)); // the duration read from the file's metadata
    await screenshot(page, 'meetings-upload-dialog');
    // Slow the upload to ~200 kB/s so the bar shows the bytes actually sent on their way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Upload progress' });
    const midway = await eventually(
      async () => Number(await bar.getAttribute('aria-valuenow')),
      (value) => expect(value).toBeGreaterThan(10),
    );
    expect(midway).toBeLessThan(100);
    await screenshot(page, 'meetings-upload-progress');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await page.waitForURL(new RegExp(`/projects/${projectId}/meetings/[^/?]+$`), { timeout: 30_000 });
    await visible(page.getByRole('heading', { level: 1, name: 'Chapter one' }));
    await visible(transcript(page), 90_000);
    await eventually(
      () => text(transcript(page)),
      (text) => expect(text).toContain('Dashwood'),
    );
    await visible(page.getByText(/^[1-9]\d* segment\(s\) loaded$/));
    await visible(page.getByText('No more transcriptions to load'));
    await screenshot(page, 'meetings-uploaded-transcript');
    await context.close();
  });
});

describe('the transcript', () => {
  it('edits and deletes a segment', async () => {
    const meeting = await userWithMeeting();
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, meeting.token, meeting.path);
    await visible(page.getByText(`${meeting.segmentTotal} segment(s) loaded`));

    const first = segments(page).first();
    await first.getByRole('button', { name: 'Edit segment' }).click();
    const box = first.getByPlaceholder('Edit transcription text...');
    await box.fill('   ');
    expect(await first.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await box.fill('Mr. John Dashwood had leisure to consider his power.');
    await first.getByRole('button', { name: 'Save' }).click();
    await visible(first.getByText('Mr. John Dashwood had leisure to consider his power.'));
    await visible(first.getByText('(edited)'));
    await page.reload();
    await visible(segments(page).first().getByText('Mr. John Dashwood had leisure to consider his power.'));

    const deleted = (await text(segments(page).nth(1).locator('p').first())).trim();
    expect(deleted.length).toBeGreaterThan(0);
    await segments(page).nth(1).getByRole('button', { name: 'Delete segment' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Transcription' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await hidden(confirm);
    await visible(page.getByText(`${meeting.segmentTotal - 1} segment(s) loaded`));
    expect(await text(transcript(page))).not.toContain(deleted);
    await page.reload();
    await visible(page.getByText(`${meeting.segmentTotal - 1} segment(s) loaded`));
    await context.close();
  });

  it('assigns a speaker to an existing person, then to a new one', async () => {
    const meeting = await userWithMeeting();
    await createPersonByApi(server.url, meeting.token, 'Elinor Dashwood', 'Norland Park');
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, meeting.token, meeting.path);
    await visible(page.getByText(`${meeting.segmentTotal} segment(s) loaded`));

    const firstSpeaker = segments(page).first().getByRole('combobox');
    const label = (await text(firstSpeaker.locator('option:checked'))).trim();
    const sameSpeaker = page.getByRole('combobox', { name: `Speaker for ${label}` });
    const count = await sameSpeaker.count();
    await firstSpeaker.selectOption({ label: 'Elinor Dashwood - Norland Park' });
    const assign = page.getByRole('alertdialog', { name: 'Assign Speaker to Person' });
    await visible(
      assign.getByText(
        'All transcriptions with this speaker will be updated. This will affect multiple segments in this meeting.',
      ),
    );
    await screenshot(page, 'meetings-assign-speaker');
    await assign.getByRole('button', { name: 'Confirm' }).click();
    await hidden(assign);
    // Every segment of that speaker now shows the person.
    for (let i = 0; i < count; i += 1) {
      expect(await text(sameSpeaker.nth(i).locator('option:checked'))).toBe('Elinor Dashwood - Norland Park');
    }

    await firstSpeaker.selectOption({ label: '+ Add Person' });
    const add = page.getByRole('dialog', { name: 'Add New Person' });
    expect(await add.getByRole('button', { name: 'Create & Assign' }).isDisabled()).toBe(true);
    await add.getByLabel('Name').fill('John Dashwood');
    await add.getByRole('button', { name: 'Create & Assign' }).click();
    await hidden(add);
    await eventually(
      () => text(firstSpeaker.locator('option:checked')),
      (text) => expect(text).toBe('John Dashwood'),
    );
    await page.reload();
    await visible(page.getByText(`${meeting.segmentTotal} segment(s) loaded`));
    expect(await text(segments(page).first().getByRole('combobox').locator('option:checked'))).toBe('John Dashwood');
    await context.close();
  });

  it('starts playback at ?t= and plays from a clicked segment time', async () => {
    const meeting = await userWithMeeting();
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, meeting.token, `${meeting.path}?t=12`);
    const audio = recording(page);
    await audio.waitFor({ state: 'attached' });
    await eventually(
      () => audio.evaluate((el) => (el as unknown as AudioLike).currentTime),
      (time) => expect(time).toBeGreaterThanOrEqual(11.9),
    );
    expect(await audio.evaluate((el) => (el as unknown as AudioLike).currentTime)).toBeLessThan(15);

    await visible(page.getByText(`${meeting.segmentTotal} segment(s) loaded`));
    const fourth = segments(page).nth(Math.min(3, meeting.segmentTotal - 1));
    const time = await text(fourth.getByRole('button', { name: /^Play from / }));
    const [minutes, seconds] = time.split(' - ')[0]!.split(':').map(Number) as [number, number];
    await fourth.getByRole('button', { name: /^Play from / }).click();
    await eventually(
      () =>
        audio.evaluate((el) => ({
          time: (el as unknown as AudioLike).currentTime,
          paused: (el as unknown as AudioLike).paused,
        })),
      (state) => {
        expect(state.paused).toBe(false);
        expect(state.time).toBeGreaterThanOrEqual(minutes * 60 + seconds);
      },
    );
    // The segment being spoken is highlighted.
    await visible(transcript(page).locator('li[aria-current="true"]'));
    await screenshot(page, 'meetings-playback');
    await context.close();
  });
});

describe('managing meetings', () => {
  it('moves a meeting to another project and deletes it there', async () => {
    const meeting = await userWithMeeting('Movable');
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, meeting.token, `/projects/${meeting.projectId}`);
    await page.getByRole('button', { name: 'Actions for Movable' }).click();
    await page.getByRole('menuitem', { name: 'Move' }).click();
    const move = page.getByRole('dialog', { name: 'Move Meeting' });
    await visible(move.getByText('No other projects available. Create a new project first.'));
    await move.getByRole('button', { name: 'Cancel' }).click();

    const targetId = await createProjectByApi(server.url, meeting.token, 'Archive');
    await page.reload();
    await page.getByRole('button', { name: 'Actions for Movable' }).click();
    await page.getByRole('menuitem', { name: 'Move' }).click();
    await move.getByLabel('Destination project').selectOption({ label: 'Archive' });
    await move.getByRole('button', { name: 'Move' }).click();
    await hidden(move);
    await visible(page.getByText('No meetings yet'));

    await page.goto(`/projects/${targetId}`);
    await page.getByRole('button', { name: 'Actions for Movable' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const remove = page.getByRole('alertdialog', { name: 'Delete Meeting' });
    await visible(remove.getByText(/its audio\s+file and all transcriptions will be permanently removed/));
    await screenshot(page, 'meetings-delete-dialog');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await hidden(remove);
    await visible(page.getByText('No meetings yet'));
    await context.close();
  });

  it('deletes a meeting from its own screen and returns to the project', async () => {
    const meeting = await userWithMeeting('Short-lived');
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, meeting.token, meeting.path);
    await visible(page.getByRole('heading', { level: 1, name: 'Short-lived' }));
    // Renamed from its header first; the new title is kept.
    await page.getByRole('button', { name: 'Rename meeting' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Meeting' });
    await rename.getByLabel('Title').fill('  ');
    await rename.getByRole('button', { name: 'Save' }).click();
    await visible(rename.getByText('Please enter a meeting title'));
    await rename.getByLabel('Title').fill('Short-lived, renamed');
    await rename.getByRole('button', { name: 'Save' }).click();
    await hidden(rename);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Short-lived, renamed' }));
    await page.getByRole('button', { name: 'Delete meeting' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Meeting' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(new RegExp(`/projects/${meeting.projectId}$`));
    await visible(page.getByText('No meetings yet'));
    await page.goto(meeting.path);
    await visible(page.getByText('Meeting not found'));
    await visible(page.getByRole('link', { name: 'Return to Home' }));
    await context.close();
  });
});

describe('on a phone', () => {
  it('fits 375 px: home, the New Meeting dialog from the bottom bar, and the meeting screen', async () => {
    const meeting = await userWithMeeting('A rather long meeting title that has to wrap on a small phone screen');
    const { page, context } = await newPage(browser, server.url, MOBILE);
    const noOverflow = () => page.evaluate<number>('document.documentElement.scrollWidth');
    await openSignedIn(page, meeting.token, '/');
    await visible(page.getByRole('heading', { name: 'Recent Meetings' }));
    expect(await noOverflow()).toBeLessThanOrEqual(375);

    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'New Meeting' }).click();
    await page
      .getByRole('dialog', { name: 'Select Project' })
      .getByRole('button', { name: /Book club/ })
      .click();
    await visible(page.getByRole('dialog', { name: 'New Meeting' }));
    expect(await noOverflow()).toBeLessThanOrEqual(375);
    await screenshot(page, 'meetings-mobile-new-meeting');
    await page.keyboard.press('Escape');

    await page.goto(meeting.path);
    await visible(page.getByText(`${meeting.segmentTotal} segment(s) loaded`));
    expect(await noOverflow()).toBeLessThanOrEqual(375);
    await screenshot(page, 'meetings-mobile-detail');
    await context.close();
  });
});
