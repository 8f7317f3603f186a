import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerByApi } from '../support/accounts.ts';
import { apiCall } from '../support/api.ts';
import { launchBrowser, MOBILE, newPage, screenshot } from '../support/browser.ts';
import { eventually, expect, hidden, visible } from '../support/expect.ts';
import { accountWithTranscribedMeeting, JFK_WAV, openSignedIn } from '../support/meetings.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// Parley in a team's workflow (issue 27): tokens, webhooks, share links and retention, driven from the UI.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The webhook receiver of these tests listens on this machine.
  server = await startServer({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', JOB_RETRY_DELAY_SECONDS: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('personal access tokens', () => {
  it('creates a token on the profile, shows it once, and the token works until it is revoked', async () => {
    const account = await registerByApi(server.url);
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, account.token);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile' });
    const form = dialog.getByRole('form', { name: 'Create a token' });
    await form.getByLabel('Token name').fill('CI uploads');
    await form.getByLabel('Scope').selectOption('write');
    await form.getByRole('button', { name: 'Create token' }).click();
    const shown = dialog.getByTestId('new-token');
    await visible(shown);
    const token = (await shown.textContent())!.trim();
    expect(token).toMatch(/^pat_/);
    await visible(dialog.getByRole('list', { name: 'API tokens' }).getByText('CI uploads'));
    await screenshot(page, 'profile-api-tokens');

    const me = await fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    await dialog.getByRole('button', { name: 'Revoke CI uploads' }).click();
    await visible(dialog.getByText('No tokens yet.'));
    const after = await fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    await context.close();
  });
});

describe('webhooks', () => {
  it('adds an endpoint, sends its test event, and shows the signed delivery in the log', async () => {
    const received: Array<{ headers: Record<string, unknown>; body: string }> = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/parley`;
    try {
      const account = await registerByApi(server.url);
      const { page, context } = await newPage(browser, server.url);
      await openSignedIn(page, account.token);
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Webhooks' }).click();
      await visible(page.getByRole('heading', { name: 'Webhooks' }));
      const form = page.getByRole('form', { name: 'Add a webhook' });
      await form.getByLabel('Endpoint URL').fill(hookUrl);
      await form.getByLabel('summary.generated').check();
      await form.getByRole('button', { name: 'Add webhook' }).click();
      const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
      const card = page.getByRole('region', { name: `Webhook ${hookUrl}` });
      await visible(card);
      await card.getByRole('button', { name: 'Send test event' }).click();
      await visible(
        card.getByRole('list', { name: 'Deliveries' }).getByText(/^Delivered \(HTTP 200\) after 1 attempt$/),
        30_000,
      );
      await screenshot(page, 'webhooks-test-event');

      await eventually(
        () => received.length,
        (n) => expect(n).toBe(1),
      );
      const [request] = received;
      expect(request!.headers['x-parley-event']).toBe('webhook.test');
      const [t, v1] = String(request!.headers['x-parley-signature'])
        .split(',')
        .map((part) => part.split('=')[1]);
      expect(createHmac('sha256', secret).update(`${t}.${request!.body}`).digest('hex')).toBe(v1);
      await context.close();
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

describe('share links', () => {
  it('shares a meeting with its recording; a fresh browser reads it without signing in until it is revoked', async () => {
    const owner = await accountWithTranscribedMeeting(server.url, JFK_WAV, 'Shared', 'Kennedy speech');
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, owner.token, owner.path);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share meeting' });
    await dialog.getByLabel('Include the recording').check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = dialog.getByRole('list', { name: 'Share links' }).getByRole('link');
    await visible(link);
    const url = (await link.textContent())!.trim();
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'share-dialog');

    // Another browser context: no session, nothing in local storage.
    const stranger = await newPage(browser, server.url);
    await stranger.page.goto(url);
    await visible(stranger.page.getByRole('heading', { name: 'Kennedy speech' }));
    await visible(stranger.page.getByRole('heading', { name: 'Transcript' }));
    expect(await stranger.page.locator('audio').getAttribute('src')).toMatch(/^\/api\/shared\/.+\/audio$/);
    expect(await stranger.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await stranger.page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await screenshot(stranger.page, 'shared-meeting');

    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await hidden(link);
    await stranger.page.reload();
    await visible(stranger.page.getByText('This link has expired or was revoked.'));
    await stranger.context.close();
    await context.close();
  });

  it('the shared page fits a phone, even with a long unbroken task', async () => {
    const owner = await accountWithTranscribedMeeting(server.url, JFK_WAV, 'Narrow', 'Phone share');
    const items = `/api/projects/${owner.projectId}/meetings/${owner.meetingId}/action-items`;
    await apiCall(server.url, owner.token, 'POST', items, {
      task: 'Send_the_https://example.com/a/very/long/link/to/the/minutes_to_everyone',
    });
    const share = await apiCall<{ data: { url: string } }>(
      server.url,
      owner.token,
      'POST',
      `/api/meetings/${owner.meetingId}/shares`,
      { includeAudio: false },
    );
    const stranger = await newPage(browser, server.url, MOBILE);
    await stranger.page.goto(new URL(share.data.url).pathname);
    await visible(stranger.page.getByText(/very\/long\/link/));
    const [scrollWidth, width] = await stranger.page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await screenshot(stranger.page, 'shared-meeting-phone');
    await stranger.context.close();
  });
});

describe('retention', () => {
  it('sets "Delete recordings after N days" on a project and deletes one recording, keeping its transcript', async () => {
    const owner = await accountWithTranscribedMeeting(server.url, JFK_WAV, 'Retained', 'Short lived audio');
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, owner.token, `/projects/${owner.projectId}`);
    const retention = page.getByRole('form', { name: 'Recording retention' });
    await retention.getByLabel('Delete recordings after').fill('30');
    await retention.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Recordings are deleted after 30 days'));
    const project = await fetch(`${server.url}/api/projects/${owner.projectId}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(((await project.json()) as { data: { audioRetentionDays: number } }).data.audioRetentionDays).toBe(30);
    await screenshot(page, 'project-retention');

    await page.goto(owner.path);
    await page.getByRole('button', { name: 'Delete recording, keep transcript' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete recording' }).click();
    await visible(page.getByText(/^Recording deleted on /));
    await hidden(page.getByRole('button', { name: 'Delete recording, keep transcript' }));
    await visible(page.getByRole('tab', { name: 'Transcription' }));
    const audio = await fetch(`${server.url}/api/projects/${owner.projectId}/meetings/${owner.meetingId}/audio`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(audio.status).toBe(404);
    const transcript = await fetch(`${server.url}/api/meetings/${owner.meetingId}/transcriptions`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const segments = ((await transcript.json()) as { data: { transcriptions: unknown[] } }).data.transcriptions;
    expect(segments.length).toBeGreaterThan(0);
    await screenshot(page, 'recording-deleted');
    await context.close();
  });
});
