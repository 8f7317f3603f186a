import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { signIn, signUp } from '../support/accounts.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expect, visible } from '../support/expect.ts';
import { type RunningServer, startServer } from '../support/server.ts';

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

describe('signing up, out and in', () => {
  it('creates an account, signs out, signs back in, and keeps the session on reload', async () => {
    const { page, context } = await newPage(browser, server.url);
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Welcome to Parley' }));
    await screenshot(page, 'sign-in-desktop');

    const account = await signUp(page);
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Recent Meetings' }));

    await page.getByRole('button', { name: 'User menu' }).click();
    await visible(page.getByRole('menu').getByText(account.email));
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await visible(page.getByRole('heading', { name: 'Welcome to Parley' }));
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    await signIn(page, account.email, 'not the password');
    await visible(page.getByText('Invalid email or password'));
    await screenshot(page, 'sign-in-wrong-password');

    await signIn(page, account.email, account.password);
    await visible(page.getByRole('heading', { name: 'Recent Meetings' }));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Recent Meetings' }));
    await context.close();
  });

  it('validates the sign-in form before calling the server', async () => {
    const { page, context } = await newPage(browser, server.url);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Sign In' }).click();
    await visible(form.getByText('Email is required'));
    await visible(form.getByText('Password is required'));
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await visible(form.getByText(/valid email/i));
    await context.close();
  });

  it('signs out silently when the stored token is no longer valid', async () => {
    const { page, context } = await newPage(browser, server.url);
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('auth_token', 'expired.token.value');
      localStorage.setItem('user', '{"_id":"x"}');
    });
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Welcome to Parley' }));
    expect(await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await context.close();
  });
});
