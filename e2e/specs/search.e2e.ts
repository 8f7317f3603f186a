import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { launchBrowser, newPage, screenshot, tempDir } from '../support/browser.ts';
import { eventually, expect, hidden, visible } from '../support/expect.ts';
import { accountWithTranscribedMeeting, makeLibrivoxWav, openSignedIn } from '../support/meetings.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// Search against the real server: the meeting is real speech transcribed by the worker, so the words
// searched for are the recogniser's own.

let server: RunningServer;
let browser: Browser;
let meeting: { token: string; projectId: string; meetingId: string; word: string; segmentTotal: number };

type AudioLike = { currentTime: number; paused: boolean };
const audioTime = (page: Page) =>
  page.getByLabel('Meeting recording').evaluate((el) => (el as unknown as AudioLike).currentTime);

beforeAll(async () => {
  const speechFile = makeLibrivoxWav(tempDir('parley-e2e-audio-'));
  server = await startServer();
  browser = await launchBrowser();
  const { meetingId, projectId, ...account } = await accountWithTranscribedMeeting(
    server.url,
    speechFile,
    'Book club',
    'Austen reading',
  );
  // A long word only the last segments say, so a hit opens somewhere past the start.
  const page = await apiCall<{ data: { transcriptions: Array<{ text: string; startTime: number }> } }>(
    server.url,
    account.token,
    'GET',
    `/api/meetings/${meetingId}/transcriptions?limit=50`,
  );
  const segments = page.data.transcriptions;
  const earlier = new Set(segments.slice(0, 2).flatMap((s) => s.text.toLowerCase().match(/\p{L}+/gu) ?? []));
  const later = segments
    .slice(2)
    .find((s) => (s.text.match(/\p{L}{6,}/gu) ?? []).some((w) => !earlier.has(w.toLowerCase())));
  if (!later) throw new Error(`no distinctive word in the transcript: ${JSON.stringify(segments)}`);
  const word = (later.text.match(/\p{L}{6,}/gu) ?? []).find((w) => !earlier.has(w.toLowerCase())) as string;
  meeting = { token: account.token, projectId, meetingId, word, segmentTotal: segments.length };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('search', () => {
  it('searches a project, opens a hit and lands at its time in the meeting', async () => {
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, meeting.token, `/projects/${meeting.projectId}`);
    const box = page.getByRole('searchbox', { name: "Search this project's transcripts" });
    await box.fill(meeting.word.toLowerCase());
    await box.press('Enter');
    const results = page.getByRole('region', { name: 'Search results' });
    await visible(results.getByRole('link', { name: 'Austen reading' }));
    await visible(results.locator('mark', { hasText: meeting.word }).first());
    await screenshot(page, 'search-project');

    // The first hit shown is the API's first hit for the same query.
    const api = await apiCall<{ data: { results: Array<{ transcriptions: Array<{ startTime: number }> }> } }>(
      server.url,
      meeting.token,
      'GET',
      `/api/projects/${meeting.projectId}/transcriptions/search-all?q=${encodeURIComponent(meeting.word.toLowerCase())}`,
    );
    const expected = Math.floor((api.data.results[0]?.transcriptions[0]?.startTime ?? Number.NaN) / 1000);
    expect(expected).toBeGreaterThan(0);
    await results.getByRole('listitem').getByRole('listitem').first().getByRole('link').click();
    await eventually(
      () => new URL(page.url()),
      (url) => {
        expect(url.pathname).toBe(`/projects/${meeting.projectId}/meetings/${meeting.meetingId}`);
        expect(url.searchParams.get('t')).toBe(String(expected));
      },
    );
    await eventually(
      () => audioTime(page),
      (time) => expect(time).toBeGreaterThanOrEqual(expected - 0.1),
    );
    await context.close();
  });

  it('searches inside a meeting, plays from a hit, and clears back to the transcript', async () => {
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, meeting.token, `/projects/${meeting.projectId}/meetings/${meeting.meetingId}`);
    await visible(page.getByText(`${meeting.segmentTotal} segment(s) loaded`));
    const box = page.getByPlaceholder('Search transcriptions...');
    await expect(page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).resolves.toBe(true);

    await box.fill('zzyzx quorble');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await visible(page.getByText('No Results Found'));
    await visible(page.getByText('Try adjusting your search query or clear the search to see all transcriptions.'));

    await box.fill(meeting.word);
    await box.press('Enter');
    await visible(page.getByText(/^Found [1-9]\d* result\(s\)$/));
    await hidden(page.getByText(`${meeting.segmentTotal} segment(s) loaded`));
    const hit = page.getByRole('button', { name: /^Play from \d+ seconds/ }).first();
    const from = Number(/Play from (\d+) seconds/.exec((await hit.getAttribute('aria-label')) ?? '')?.[1]);
    await hit.click();
    await eventually(
      () =>
        page.getByLabel('Meeting recording').evaluate((el) => ({
          time: (el as unknown as AudioLike).currentTime,
          paused: (el as unknown as AudioLike).paused,
        })),
      (state) => {
        expect(state.paused).toBe(false);
        expect(state.time).toBeGreaterThanOrEqual(from);
      },
    );
    await screenshot(page, 'search-meeting');

    await page.getByRole('button', { name: 'Clear' }).click();
    await visible(page.getByText(`${meeting.segmentTotal} segment(s) loaded`));
    await hidden(page.getByText(/^Found \d+ result\(s\)$/));
    await context.close();
  });

  it('asks the open meeting; a citation seeks it to its moment, again after playback moved on', async () => {
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, meeting.token, `/projects/${meeting.projectId}/meetings/${meeting.meetingId}`);
    await visible(page.getByText(`${meeting.segmentTotal} segment(s) loaded`));
    const box = page.getByRole('textbox', { name: 'Ask a question about this meeting' });
    await box.fill(`What did they say about ${meeting.word.toLowerCase()}?`);
    await box.press('Enter');
    const sources = page.getByRole('list', { name: 'Sources' });
    const source = sources.getByRole('link').first();
    await visible(source);
    const href = (await source.getAttribute('href')) ?? '';
    const at = Number(new URL(href, server.url).searchParams.get('t'));
    expect(at).toBeGreaterThan(0);
    await expect(source.textContent()).resolves.toContain(meeting.word);
    await screenshot(page, 'ask-meeting');

    await source.click();
    await eventually(
      () => new URL(page.url()).searchParams.get('t'),
      (t) => expect(t).toBe(String(at)),
    );
    await eventually(
      () => audioTime(page),
      (time) => expect(Math.abs(time - at)).toBeLessThan(2),
    );
    // Playback moves on (here: back to the start); the same citation, same URL, seeks to it again.
    await page.getByLabel('Meeting recording').evaluate((el) => {
      const audio = el as unknown as AudioLike & { pause(): void };
      audio.pause();
      audio.currentTime = 0;
    });
    await eventually(
      () => audioTime(page),
      (time) => expect(time).toBeLessThan(1),
    );
    await source.click();
    await eventually(
      () => audioTime(page),
      (time) => expect(Math.abs(time - at)).toBeLessThan(2),
    );
    await context.close();
  });

  it('searches every project from the header and asks all meetings; a passage and a citation open the meeting at their moment', async () => {
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, meeting.token, '/');
    const header = page.getByRole('search', { name: 'Search everything' });
    await header.getByRole('searchbox').fill(meeting.word.toLowerCase());
    await header.getByRole('searchbox').press('Enter');
    await eventually(
      () => new URL(page.url()),
      (url) => {
        expect(url.pathname).toBe('/search');
        expect(url.searchParams.get('q')).toBe(meeting.word.toLowerCase());
      },
    );
    const results = page.getByRole('region', { name: 'Search results' });
    await visible(results.getByRole('link', { name: 'Austen reading' }));
    await visible(results.locator('mark', { hasText: meeting.word }).first());
    await screenshot(page, 'search-everywhere');
    const passage = results.getByRole('listitem').getByRole('listitem').first().getByRole('link');
    const at = Number(new URL((await passage.getAttribute('href')) ?? '', server.url).searchParams.get('t'));
    expect(at).toBeGreaterThan(0);

    const ask = page.getByRole('textbox', { name: 'Ask a question about all your meetings' });
    await ask.fill(`What was said about ${meeting.word.toLowerCase()}?`);
    await ask.press('Enter');
    const source = page.getByRole('list', { name: 'Sources' }).getByRole('link').first();
    await visible(source);
    await expect(source.textContent()).resolves.toContain('Austen reading');
    const cited = new URL((await source.getAttribute('href')) ?? '', server.url);
    expect(cited.pathname).toBe(`/projects/${meeting.projectId}/meetings/${meeting.meetingId}`);
    expect(Number(cited.searchParams.get('t'))).toBeGreaterThanOrEqual(0);

    await passage.click();
    await eventually(
      () => new URL(page.url()),
      (url) => {
        expect(url.pathname).toBe(`/projects/${meeting.projectId}/meetings/${meeting.meetingId}`);
        expect(url.searchParams.get('t')).toBe(String(at));
      },
    );
    await eventually(
      () => audioTime(page),
      (time) => expect(time).toBeGreaterThanOrEqual(at - 0.1),
    );
    await context.close();
  });
});
