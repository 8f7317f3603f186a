import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { eventually, hidden, visible } from '../support/expect.ts';
import { accountWithImportedMeeting, createPersonByApi, openSignedIn } from '../support/meetings.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// Speakers by name in a real browser against the real server: a planning meeting's transcript in which
// two people are addressed by name and answer; one of them is a contact (whose name recognition spelt
// right), the other is not yet.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PLANNING = `WEBVTT

00:00:01.000 --> 00:00:04.000
<v Speaker 1>Good morning everyone. Priya, what about the launch email?

00:00:05.000 --> 00:00:08.000
<v Speaker 2>It goes out on Monday, the draft is ready.

00:00:09.000 --> 00:00:12.000
<v Speaker 1>Great. Can you fix the checkout by Thursday, David?

00:00:13.000 --> 00:00:15.000
<v Speaker 3>Yes, I can do that.

00:00:16.000 --> 00:00:18.000
<v Speaker 2>I will send the email tomorrow then.
`;

/** Waits until the select shows `label` as its chosen option. */
const chosen = (select: Locator, label: string) =>
  eventually(
    () => select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent),
    (text) => expect(text).toBe(label),
  );

describe('speakers by name', () => {
  it('suggests the names said in the meeting; Accept assigns, Create person creates and assigns, one segment moves alone', async () => {
    const account = await accountWithImportedMeeting(server.url, {
      vtt: PLANNING,
      projectName: 'Launch',
      title: 'Launch planning',
    });
    await createPersonByApi(server.url, account.token, 'Priya Raman', 'Acme');
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, account.token, account.path);

    const panel = page.getByRole('region', { name: 'Speaker suggestions' });
    await visible(panel.getByText('Called Priya Raman in the meeting'));
    await visible(panel.getByText('Called David in the meeting'));
    await screenshot(page, 'speaker-suggestions');

    // Accept: every segment of Speaker 2 is Priya's
    const priya = panel.getByRole('listitem').filter({ hasText: 'Priya Raman' });
    await priya.getByRole('button', { name: 'Accept' }).click();
    await hidden(panel.getByText('Called Priya Raman in the meeting'));
    const transcript = page.getByRole('list', { name: 'Transcript' });
    const speaker2 = transcript.getByRole('combobox', { name: 'Speaker for Speaker 2' });
    await eventually(
      () => speaker2.count(),
      (n) => expect(n).toBe(2),
    );
    for (const select of await speaker2.all()) await chosen(select, 'Priya Raman - Acme');

    // Create person David: the dialog has the name; the new person gets Speaker 3
    await panel.getByRole('button', { name: 'Create person David' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Person' });
    expect(await dialog.getByLabel('Name').inputValue()).toBe('David');
    await dialog.getByRole('button', { name: 'Create & Assign' }).click();
    await hidden(dialog);
    await chosen(transcript.getByRole('combobox', { name: 'Speaker for Speaker 3' }), 'David');
    await hidden(panel);

    // one segment of Speaker 2 given to David alone
    const last = transcript.getByRole('listitem').filter({ hasText: 'I will send the email tomorrow then.' });
    await last.getByRole('combobox').selectOption({ label: 'David' });
    const assign = page.getByRole('alertdialog', { name: 'Assign Speaker to Person' });
    await assign.getByRole('radio', { name: 'Only this segment' }).check();
    await assign.getByRole('button', { name: 'Confirm' }).click();
    await hidden(assign);
    await chosen(last.getByRole('combobox'), 'David');
    const first = transcript.getByRole('listitem').filter({ hasText: 'It goes out on Monday' });
    await chosen(first.getByRole('combobox'), 'Priya Raman - Acme');
    await screenshot(page, 'speaker-one-segment');
    await context.close();
  });
});
