import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerByApi, signIn } from '../support/accounts.ts';
import { apiCall } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { eventually, expect, hidden, visible } from '../support/expect.ts';
import { accountWithImportedMeeting, openSignedIn } from '../support/meetings.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// Teams (issue 37) in Chromium against the real server: the owner adds a colleague as viewer from the
// Members dialog; the colleague signs in and reads the shared project without controls to change it; made
// editor, they fix a segment and name its speaker with a contact of their own; removed, they lose the project.

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

const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ann>We ship on Fridy.\n';

describe('a shared project', () => {
  it('goes from viewer to editor to removed', async () => {
    const owner = await accountWithImportedMeeting(server.url, {
      vtt: VTT,
      projectName: 'Lab notes',
      title: 'Release plan',
      account: { name: 'Olive Owner' },
    });
    const colleague = await registerByApi(server.url, { name: 'Cole League' });
    const { projectId, meetingId, path: meetingPath } = owner;

    // The owner adds the colleague as a viewer through the Members dialog.
    const ownerSide = await newPage(browser, server.url);
    await openSignedIn(ownerSide.page, owner.token, `/projects/${projectId}`);
    await ownerSide.page.getByRole('button', { name: 'Members' }).click();
    const dialog = ownerSide.page.getByRole('dialog', { name: 'Members' });
    await dialog.getByLabel('Email').fill(colleague.email);
    await dialog.getByLabel('Role', { exact: true }).selectOption('viewer');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await visible(dialog.getByText(colleague.email));

    // The colleague signs in: the project is listed as shared, the meeting reads without controls.
    const { page } = await newPage(browser, server.url);
    await signIn(page, colleague.email, colleague.password);
    await visible(page.getByRole('heading', { name: 'Recent Meetings' }));
    await page.goto('/projects');
    const card = page.getByRole('article').filter({ hasText: 'Lab notes' });
    await visible(card.getByText('Viewer'));
    await page.goto(meetingPath);
    await visible(page.getByText('We ship on Fridy.'));
    await hidden(page.getByRole('button', { name: 'Edit segment' }));
    await hidden(page.getByRole('button', { name: 'Delete meeting' }));
    // The summary and the action items read only: nothing that generates, adds or edits (the role is known
    // once the project, named in the breadcrumb, has loaded).
    await visible(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Lab notes' }));
    await page.getByRole('tab', { name: 'Summary' }).click();
    await visible(page.getByText('No summary has been generated for this meeting yet.'));
    await hidden(page.getByRole('button', { name: 'Generate Summary' }));
    await hidden(page.getByLabel('Template'));
    await page.getByRole('tab', { name: 'Action Items' }).click();
    await visible(page.getByText('No action items have been extracted from this meeting yet.'));
    await hidden(page.getByRole('button', { name: 'Generate Action Items' }));
    await hidden(page.getByRole('button', { name: 'Add Action Item' }));

    // Made editor, the colleague fixes the segment.
    await dialog.getByLabel(`Role of ${colleague.name}`).selectOption('editor');
    await eventually(
      () => apiCall(server.url, owner.token, 'GET', `/api/projects/${projectId}/members`),
      (reply) => expect(reply.data.members.find((m: any) => m.user.email === colleague.email)?.role).toBe('editor'),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Edit segment' }).click();
    await page.getByLabel('Segment text').fill('We ship on Friday.');
    await page.getByRole('button', { name: 'Save' }).click();
    // The editor closes once the server has answered (its textarea's text already matched while typing).
    await hidden(page.getByLabel('Segment text'));
    await visible(page.getByText('We ship on Friday.'));
    const segments = await apiCall(server.url, owner.token, 'GET', `/api/meetings/${meetingId}/transcriptions`);
    expect(segments.data.transcriptions[0].text).toBe('We ship on Friday.');

    // The editor names the speaker with a new contact of their own (decision 266): the owner reads the name.
    await page.getByRole('combobox', { name: 'Speaker for Ann' }).selectOption({ label: '+ Add Person' });
    const add = page.getByRole('dialog', { name: 'Add New Person' });
    await add.getByLabel('Name').fill('Ann Author');
    await add.getByRole('button', { name: 'Create & Assign' }).click();
    await hidden(add);
    await eventually(
      () => apiCall(server.url, owner.token, 'GET', `/api/meetings/${meetingId}/transcriptions`),
      (reply) => expect(reply.data.transcriptions[0].personId?.name).toBe('Ann Author'),
    );

    // Removed, the colleague loses the project.
    await dialog.getByRole('button', { name: `Remove ${colleague.name}` }).click();
    await hidden(dialog.getByText(colleague.email));
    await page.reload();
    await visible(page.getByText('Meeting not found'));
    await page.goto('/projects');
    await visible(page.getByRole('heading', { level: 1, name: 'Projects' }));
    await hidden(page.getByText('Lab notes'));
  });
});
