import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { launchBrowser, MOBILE, newPage, screenshot } from '../support/browser.ts';
import { eventually, expect, hidden, visible } from '../support/expect.ts';
import { accountWithImportedMeeting, openSignedIn } from '../support/meetings.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// Summary templates in a real browser against the real server and its offline (builtin) engine: a
// template made in the editor, picked on the Summary tab, shapes the summary the engine writes; a
// project's default is preselected; the editor works on a phone.

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

const LAUNCH = `WEBVTT

00:00:01.000 --> 00:00:05.000
<v Speaker 1>Good morning everyone. Where are we with the launch of the new checkout?

00:00:06.000 --> 00:00:11.000
<v Speaker 2>The launch email goes out on Monday, the draft is ready and marketing approved it.

00:00:12.000 --> 00:00:17.000
<v Speaker 1>I am worried that the checkout failures on Android could delay the whole launch.

00:00:18.000 --> 00:00:24.000
<v Speaker 3>That is a real risk. I will fix the checkout failures by Thursday and test them on three phones.

00:00:25.000 --> 00:00:30.000
<v Speaker 2>Should legal review the launch email before it goes out?

00:00:31.000 --> 00:00:36.000
<v Speaker 1>Yes, we decided that legal reviews every customer email from now on.
`;

/** A new account whose project `projectName` holds the launch review. */
const accountWithLaunchReview = (projectName: string) =>
  accountWithImportedMeeting(server.url, { vtt: LAUNCH, projectName, title: 'Launch review' });

describe('summary templates', () => {
  it('a template made in the editor and picked on the Summary tab gives the summary its sections', async () => {
    const account = await accountWithLaunchReview('Launch');
    const { projectId, meetingId, path: meetingPath } = account;
    const { page } = await newPage(browser, server.url);
    await openSignedIn(page, account.token, meetingPath);

    // From the Summary tab to the templates page, and a new template with three sections.
    await page.getByRole('tab', { name: 'Summary' }).click();
    const picker = page.getByRole('combobox', { name: 'Template' });
    await visible(picker);
    expect(await picker.inputValue()).toBe('default');
    await page.getByRole('link', { name: 'Manage templates' }).click();
    await visible(page.getByRole('heading', { name: 'Summary templates', level: 1 }));
    await page.getByRole('button', { name: 'New template' }).click();
    const editor = page.getByRole('dialog', { name: 'New template' });
    await editor.getByLabel('Name').fill('Launch check');
    const first = editor.getByRole('group', { name: 'Section 1' });
    await first.getByLabel('Heading').fill('Per person');
    await first.getByLabel('Instruction (optional)').fill('What each person reported and will do.');
    await editor.getByRole('button', { name: 'Add section Risks' }).click();
    await editor.getByRole('button', { name: 'Add section', exact: true }).click();
    await editor.getByRole('group', { name: 'Section 3' }).getByLabel('Heading').fill('Budget figures');
    await editor.getByRole('button', { name: 'Move section 3 (Budget figures) up' }).click();
    await editor.getByRole('button', { name: 'Create template' }).click();
    await hidden(editor);
    const card = page.getByRole('article', { name: 'Launch check' });
    await visible(card);
    expect(await card.getByRole('listitem').allInnerTexts()).toEqual([
      'Per person\nWhat each person reported and will do.',
      'Budget figures',
      'Risks\nBullets: risks, blockers and concerns raised.',
    ]);
    await screenshot(page, 'summary-templates');

    // Picked on the Summary tab: the builtin engine writes the template's sections, in its order.
    await page.goBack();
    await page.getByRole('tab', { name: 'Summary' }).click();
    await picker.selectOption({ label: 'Launch check' });
    await visible(page.getByText('Sections: Per person, Budget figures, Risks.'));
    await page.getByRole('button', { name: 'Generate Summary' }).click();
    const summary = page.getByRole('region', { name: 'AI-generated meeting summary' });
    await visible(summary.getByRole('heading', { name: 'Per person' }), 30_000);
    expect(await summary.getByRole('heading').allInnerTexts()).toEqual([
      'AI-generated meeting summary',
      'Per person',
      'Budget figures',
      'Risks',
    ]);
    await visible(summary.getByText('Not filled by the builtin engine: Budget figures.'));
    await visible(summary.getByText(/worried that the checkout failures on Android/));
    await screenshot(page, 'summary-from-template');
    const saved = await apiCall<{ data: { summary: string } }>(
      server.url,
      account.token,
      'GET',
      `/api/projects/${projectId}/meetings/${meetingId}`,
    );
    expect(saved.data.summary).toMatch(/^## Per person\n/);
    expect(saved.data.summary).not.toContain('## Overview');

    // The project's default, set on its page, is preselected on its meetings.
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('combobox', { name: 'Summary template' }).selectOption({ label: 'Launch check' });
    await visible(page.getByText('New summaries in this project follow "Launch check"'));
    const project = async () =>
      (
        await apiCall<{ data: { summaryTemplateId: string | null } }>(
          server.url,
          account.token,
          'GET',
          `/api/projects/${projectId}`,
        )
      ).data.summaryTemplateId;
    await eventually(project, (id) => expect(id).toBeTruthy());
    await page.goto(meetingPath);
    await page.getByRole('tab', { name: 'Summary' }).click();
    await eventually(
      () => picker.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent),
      (label) => expect(label).toBe('Launch check (project default)'),
    );
  });

  it('the picker and the editor fit a phone; the editor is reached from the Account menu', async () => {
    const account = await accountWithLaunchReview('Phone');
    const { page } = await newPage(browser, server.url, MOBILE);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await openSignedIn(page, account.token, account.path);
    await page.getByRole('tab', { name: 'Summary' }).click();
    await visible(page.getByRole('combobox', { name: 'Template' }));
    await visible(page.getByRole('combobox', { name: 'Language' }));
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'summary-picker-phone');

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Summary templates' }).click();
    await page.getByRole('button', { name: 'Duplicate Standard notes' }).click();
    const editor = page.getByRole('dialog', { name: 'New template' });
    expect(await editor.getByLabel('Name').inputValue()).toBe('Copy of Standard notes');
    expect(await overflow()).toBeLessThanOrEqual(0);
    const box = await editor.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'summary-template-editor-phone');
    await editor.getByRole('button', { name: 'Create template' }).click();
    await visible(page.getByRole('article', { name: 'Copy of Standard notes' }));
  });
});
