import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerByApi } from '../support/accounts.ts';
import { apiCall } from '../support/api.ts';
import { launchBrowser, newPage, screenshot, tempDir } from '../support/browser.ts';
import { eventually, expect, visible } from '../support/expect.ts';
import { createProjectByApi, JFK_WAV, makeLibrivoxWav, openSignedIn } from '../support/meetings.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// Recording an online call (issue 38, docs/decisions/250): a tab titled CALL_TITLE plays two LibriVox
// readers (Sense and Sensibility), the far side; Chromium's fake microphone plays jfk.wav in a loop, the
// person recording. The tab is captured for real (picked by title), the microphone is the fake device.

const CALL_TITLE = 'The call';
const JFK_WORDS = /\b(fellow|americans|country|ask)\b/i;
const BOOK_WORDS = /\b(dashwood|disposed|amiable|respectable|selfish|married|leisure|prudently)\b/i;

let server: RunningServer;
let browser: Browser;
let callSite: Server;
let callUrl: string;

beforeAll(async () => {
  const book = readFileSync(makeLibrivoxWav(tempDir('parley-e2e-call-')));
  callSite = createServer((req, res) => {
    if (req.url === '/book.wav') {
      res.setHeader('content-type', 'audio/wav');
      res.end(book);
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.end(`<title>${CALL_TITLE}</title><audio src="/book.wav" loop></audio>`);
  });
  await new Promise<void>((resolve) => callSite.listen(0, '127.0.0.1', resolve));
  callUrl = `http://127.0.0.1:${(callSite.address() as AddressInfo).port}/`;
  server = await startServer();
  browser = await launchBrowser({ fakeAudioFile: JFK_WAV, tabCaptureTitle: CALL_TITLE });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  callSite?.close();
});

interface Segment {
  speaker: string;
  text: string;
}

describe('recording a call from a browser tab', () => {
  it('records the microphone and the tab on two sides: live words under their side, then each side under its own label', async () => {
    const account = await registerByApi(server.url, { name: 'Rosa Recorder' });
    const projectId = await createProjectByApi(server.url, account.token, 'Calls');
    const { page, context } = await newPage(browser, server.url);
    await context.grantPermissions(['microphone']);
    const call = await context.newPage();
    await call.goto(callUrl);
    await call.evaluate(() => document.querySelector('audio')!.play());

    await openSignedIn(page, account.token, `/projects/${projectId}`);
    await page.getByRole('main').getByRole('button', { name: 'New Meeting' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Meeting' });
    await dialog.getByRole('switch', { name: 'Include audio from a browser tab' }).click();
    await dialog.getByRole('button', { name: 'Start Recording' }).click();
    await visible(dialog.getByRole('button', { name: 'Pause' }));

    // Live, each side is heard on its own: the microphone's words under the person's name, the tab's
    // under 'Other party' (docs/decisions/250).
    const live = dialog.getByRole('log', { name: 'Live transcript' });
    const liveSides = async () => {
      const phrases = (await live.getByRole('paragraph').allTextContents()).map((p) => p.replace(/^[\d:]+/, ''));
      const under = (name: string) =>
        phrases
          .filter((p) => p.startsWith(name))
          .map((p) => p.slice(name.length))
          .join(' ');
      return { mine: under('Rosa Recorder'), other: under('Other party') };
    };
    await eventually(
      liveSides,
      ({ mine, other }) => {
        expect(mine).toMatch(JFK_WORDS);
        expect(mine).not.toMatch(BOOK_WORDS);
        expect(other).toMatch(BOOK_WORDS);
        expect(other).not.toMatch(JFK_WORDS);
      },
      90_000,
    );
    await screenshot(page, 'call-recording-live');
    // The call's tab goes away: the recording goes on with the microphone and says so.
    await call.close();
    await visible(dialog.getByText('The tab stopped sharing: recording continues with the microphone alone.'));
    await visible(dialog.getByRole('button', { name: 'Pause' }));
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await dialog.getByRole('button', { name: 'Use Recording' }).click();
    await page.waitForURL(/\/projects\/[^/]+\/meetings\/[^/?]+$/, { timeout: 60_000 });
    const meetingId = page.url().split('/').pop()!;

    await eventually(
      async () =>
        (
          await apiCall<{ data: { transcriptionStatus: string } }>(
            server.url,
            account.token,
            'GET',
            `/api/projects/${projectId}/meetings/${meetingId}`,
          )
        ).data.transcriptionStatus,
      (status) => expect(status).toBe('completed'),
      240_000,
    );
    const { data } = await apiCall<{ data: { transcriptions: Segment[] } }>(
      server.url,
      account.token,
      'GET',
      `/api/meetings/${meetingId}/transcriptions?limit=200`,
    );
    const textOf = (who: (speaker: string) => boolean) =>
      data.transcriptions
        .filter((s) => who(s.speaker))
        .map((s) => s.text)
        .join(' ');
    // The microphone side is the person recording; the tab's readers are labelled as usual.
    expect(textOf((s) => s === 'Rosa Recorder')).toMatch(JFK_WORDS);
    expect(textOf((s) => s === 'Rosa Recorder')).not.toMatch(BOOK_WORDS);
    expect(textOf((s) => s !== 'Rosa Recorder')).toMatch(BOOK_WORDS);
    expect(textOf((s) => s !== 'Rosa Recorder')).not.toMatch(JFK_WORDS);
    await visible(page.getByRole('list', { name: 'Transcript' }), 60_000);
    // The page shows the microphone side under the person's name.
    await visible(
      page.getByRole('list', { name: 'Transcript' }).getByRole('combobox', { name: 'Speaker for Rosa Recorder' }),
    );
    await screenshot(page, 'call-recording-transcript');
    await context.close();
  });
});
