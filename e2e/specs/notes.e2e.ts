import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../packages/server/test/helpers/fake-openai.ts';
import { registerByApi } from '../support/accounts.ts';
import { apiCall } from '../support/api.ts';
import { launchBrowser, newPage, screenshot, tempDir } from '../support/browser.ts';
import { eventually, expect, hidden, visible } from '../support/expect.ts';
import {
  accountWithTranscribedMeeting,
  createProjectByApi,
  makeLibrivoxWav,
  openSignedIn,
  uploadMeetingByApi,
  waitForTranscription,
} from '../support/meetings.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// The Summary and Action Items tabs on a real meeting (LibriVox speech transcribed by the server's own
// worker). The notes come from an OpenAI-compatible model server; a local fake stands in for that
// third-party service so the test can hold the stream open and watch the text arrive.

let server: RunningServer;
let browser: Browser;
let fake: FakeOpenAi;

const ACTION_ITEMS = {
  actionItems: [
    {
      task: 'Read the next chapter of the novel',
      assignee: null,
      dueDate: null,
      context: 'the family of Dashwood had long been settled in Sussex',
      time: '0:02',
    },
    {
      task: 'Summarise the Dashwood estate for the club',
      assignee: null,
      dueDate: null,
      context: 'Their estate was large',
      time: '0:06',
    },
  ],
};

beforeAll(async () => {
  fake = await startFakeOpenAi((request) => {
    if (request.response_format) return { content: JSON.stringify(ACTION_ITEMS) };
    // The first summary is held open after its first piece, so the page can be seen mid-stream.
    return { stream: ['## Overview\n\nThe reading introduces ', 'the Dashwood family [0:02](?t=2).'], holdOpen: true };
  });
  server = await startServer({ AI_ENGINE: 'openai', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-notes-model' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

describe('AI notes', () => {
  it('streams a summary in, then generates action items whose status, text and existence can be changed', async () => {
    const speech = makeLibrivoxWav(tempDir('parley-e2e-notes-'));
    const { meetingId, projectId, ...account } = await accountWithTranscribedMeeting(
      server.url,
      speech,
      'Book club',
      'Sense and Sensibility',
    );
    const base = `/api/projects/${projectId}/meetings/${meetingId}`;

    const { page } = await newPage(browser, server.url);
    await openSignedIn(page, account.token, `/projects/${projectId}/meetings/${meetingId}`);
    await page.getByRole('tab', { name: 'Summary' }).click();
    await visible(page.getByText('No Summary Available'));
    // The output language picked on the tab reaches the model (decision 147).
    await page.getByRole('combobox', { name: 'Language' }).selectOption('German');
    await page.getByRole('button', { name: 'Generate Summary' }).click();

    // Mid-stream: the first text is on screen while the model is still answering.
    await visible(page.getByText('Generating summary...'));
    await visible(page.getByText('the Dashwood family'));
    await screenshot(page, 'notes-summary-streaming');
    const prompt = fake.requests[0]!.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('Meeting: Sense and Sensibility');
    expect(prompt.toLowerCase()).toContain('dashwood'); // the real transcript reached the model
    expect(prompt).toContain('Write in German.');

    fake.releaseStreams();
    await hidden(page.getByText('Generating summary...'));
    await visible(page.getByRole('heading', { name: 'Overview' }));
    expect(await page.getByRole('link', { name: '0:02' }).getAttribute('href')).toBe('?t=2');
    await visible(page.getByRole('button', { name: 'Regenerate' }));
    await screenshot(page, 'notes-summary');
    const saved = await apiCall<{ data: { summary: string } }>(server.url, account.token, 'GET', base);
    expect(saved.data.summary).toBe('## Overview\n\nThe reading introduces the Dashwood family [0:02](?t=2).');

    await page.getByRole('tab', { name: 'Action Items' }).click();
    await visible(page.getByText('No Action Items Yet'));
    await page.getByRole('button', { name: 'Generate Action Items' }).click();
    const first = page.getByText('Read the next chapter of the novel');
    await visible(first, 30_000);
    await visible(page.getByText('Summarise the Dashwood estate for the club'));
    await screenshot(page, 'notes-action-items');

    const status = page.getByRole('combobox', { name: 'Status of Read the next chapter of the novel' });
    await status.selectOption('completed');
    const items = async () =>
      (
        await apiCall<{ data: { actionItems: Array<{ task: string; status: string; dueDate: string | null }> } }>(
          server.url,
          account.token,
          'GET',
          `${base}/action-items`,
        )
      ).data.actionItems;
    await eventually(items, (list) =>
      expect(list.find((i) => i.task === 'Read the next chapter of the novel')?.status).toBe('completed'),
    );
    // The server has it; the page shows it once its own request has come back, which may be later.
    await eventually(
      () => status.getAttribute('class'),
      (className) => expect(className).toContain('bg-green-100'),
    );

    await page.getByRole('button', { name: 'Edit Summarise the Dashwood estate for the club' }).click();
    const title = page.getByLabel('Task title');
    await title.fill('   ');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await title.fill('Summarise chapter one for the club');
    await page.getByLabel('Due Date').fill('2026-12-01T18:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Summarise chapter one for the club'));
    await visible(page.getByText(/^Due Dec 1, 2026/));
    await eventually(items, (list) =>
      expect(list.find((i) => i.task === 'Summarise chapter one for the club')?.dueDate).toBeTruthy(),
    );

    await page.getByRole('button', { name: 'Delete Read the next chapter of the novel' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Action Item' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await hidden(first);
    await eventually(items, (list) => expect(list.map((i) => i.task)).toEqual(['Summarise chapter one for the club']));
    await screenshot(page, 'notes-action-items-edited');
  });
});

describe('AI notes with the default offline engine', () => {
  let offline: RunningServer;
  beforeAll(async () => {
    offline = await startServer();
  });
  afterAll(async () => {
    await offline?.stop();
  });

  it('summarises a real meeting with time links and reports when it finds no action items', async () => {
    const account = await registerByApi(offline.url);
    const projectId = await createProjectByApi(offline.url, account.token, 'Book club');
    const speech = makeLibrivoxWav(tempDir('parley-e2e-notes-offline-'));
    const meetingId = await uploadMeetingByApi(offline.url, account.token, projectId, speech, 'Sense and Sensibility');
    expect(await waitForTranscription(offline.url, account.token, projectId, meetingId)).toBe('completed');

    const { page } = await newPage(browser, offline.url);
    await openSignedIn(page, account.token, `/projects/${projectId}/meetings/${meetingId}`);
    await page.getByRole('tab', { name: 'Summary' }).click();
    await page.getByRole('button', { name: 'Generate Summary' }).click();
    await visible(page.getByRole('heading', { name: 'Key points' }), 30_000);
    await visible(page.getByRole('heading', { name: 'Overview' }));
    expect(
      await page
        .getByRole('link', { name: /^\d+:\d{2}$/ })
        .first()
        .getAttribute('href'),
    ).toMatch(/^\?t=\d+$/);
    await screenshot(page, 'notes-offline-summary');

    // A novel read aloud holds no commitments or requests: the engine says so rather than inventing some.
    await page.getByRole('tab', { name: 'Action Items' }).click();
    await page.getByRole('button', { name: 'Generate Action Items' }).click();
    await visible(page.getByText('No Action Items Found'), 30_000);
    await visible(page.getByText('No action items were identified in this meeting.'));
  });
});
