import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerByApi } from '../support/accounts.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expect, visible } from '../support/expect.ts';
import { openSignedIn } from '../support/meetings.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// Parley in a team's workflow (issue 27): tokens, webhooks, share links and retention, driven from the UI.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RUN_WORKER: 'false' });
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
