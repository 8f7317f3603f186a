// Sign-in with an OpenID provider in Chromium, against a real provider (oidc-provider) in its own process.
import { OIDC_ERROR_MESSAGES } from '@parley/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  type OidcTestProvider,
  startOidcProvider,
  TEST_CLIENT,
} from '../../packages/server/test/helpers/oidc-provider.ts';
import { registerByApi } from '../support/accounts.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { visible } from '../support/expect.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const ADA = {
  login: 'ada',
  password: 'ada-password',
  sub: 'sub-ada',
  email: 'ada.oidc@example.com',
  emailVerified: true,
  name: 'Ada Provider',
};
const UMA = {
  login: 'uma',
  password: 'uma-password',
  sub: 'sub-uma',
  email: 'uma.oidc@example.com',
  emailVerified: false,
  name: 'Uma Unverified',
};

let provider: OidcTestProvider;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcProvider({
    clients: [{ ...TEST_CLIENT, redirectUris: [`http://127.0.0.1:${port}/auth/oidc/callback`] }],
    accounts: [ADA, UMA],
  });
  server = await startServer({
    PORT: String(port),
    RUN_WORKER: 'false',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: TEST_CLIENT.clientId,
    OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
    OIDC_DISPLAY_NAME: 'Test Provider',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
});

/** From Parley's sign-in screen through the provider's login and consent pages. */
async function signInAtProvider(page: Page, account: { login: string; password: string }, consent: 'Allow' | 'Deny') {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in with Test Provider' }).click();
  await visible(page.getByRole('heading', { name: 'Sign in to the test provider' }));
  await page.getByLabel('Login').fill(account.login);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await visible(page.getByRole('heading', { name: 'Authorize Parley' }));
  await page.getByRole('button', { name: consent }).click();
}

describe('sign-in with an OpenID provider', () => {
  it('signs in through the provider and lands signed in on /, with no token left in the address bar', async () => {
    const { page, context } = await newPage(browser, server.url);
    await signInAtProvider(page, ADA, 'Allow');
    await visible(page.getByRole('heading', { name: 'Recent Meetings' }));
    expect(new URL(page.url()).pathname).toBe('/');
    expect(page.url()).not.toContain('token=');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();

    await page.getByRole('button', { name: 'User menu' }).click();
    await visible(page.getByRole('menu').getByText(ADA.email));
    await screenshot(page, 'oidc-signed-in');
    await context.close();
  });

  it('signs in when the user opened Parley at another address than PUBLIC_URL', async () => {
    const other = server.url.replace('127.0.0.1', 'localhost');
    const { page, context } = await newPage(browser, other);
    await signInAtProvider(page, ADA, 'Allow');
    await visible(page.getByRole('heading', { name: 'Recent Meetings' }));
    expect(new URL(page.url()).origin).toBe(server.url);
    await context.close();
  });

  it('shows the error card when the user denies consent at the provider', async () => {
    const { page, context } = await newPage(browser, server.url);
    await signInAtProvider(page, ADA, 'Deny');
    await visible(page.getByRole('heading', { name: 'Authentication Error' }));
    await visible(page.getByText(OIDC_ERROR_MESSAGES.access_denied));
    await context.close();
  });

  it('refuses to link an existing account by an unverified email, on the error card', async () => {
    await registerByApi(server.url, { email: UMA.email, name: 'Uma Password' });
    const { page, context } = await newPage(browser, server.url);
    await signInAtProvider(page, UMA, 'Allow');
    await visible(page.getByRole('heading', { name: 'Authentication Error' }));
    await visible(page.getByText(OIDC_ERROR_MESSAGES.email_unverified));
    await screenshot(page, 'oidc-unverified-email');
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await visible(page.getByRole('heading', { name: 'Welcome to Parley' }));
    await context.close();
  });
});
