// Sign-in through a real OpenID provider (oidc-provider in its own process), driven over HTTP.
import { ProvidersResponse, UserResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { oidcBrowser } from '../helpers/oidc-browser.ts';
import {
  freePort,
  type OidcTestAccount,
  type OidcTestProvider,
  startOidcProvider,
  TEST_CLIENT,
} from '../helpers/oidc-provider.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const account = (login: string, email: string, emailVerified: boolean, name = login): OidcTestAccount => ({
  login,
  password: `${login}-password`,
  sub: `sub-${login}`,
  email,
  emailVerified,
  name,
});
const ACCOUNTS = {
  newcomer: account('newcomer', 'newcomer@example.com', true, 'Nora Newcomer'),
  linker: account('linker', 'linker@example.com', true),
  impostor: account('impostor', 'victim@example.com', false),
  fresh: account('fresh', 'fresh@example.com', true),
  outsider: account('outsider', 'outsider@elsewhere.org', true),
  insider: account('insider', 'insider@example.com', true),
  replayer: account('replayer', 'replayer@example.com', true),
  unverifiedNewcomer: account('unverified-newcomer', 'unverified-newcomer@example.com', false),
  second: account('second', 'newcomer@example.com', true),
};

let provider: OidcTestProvider;
let open: TestServer; // sign-up allowed, any domain
let closed: TestServer; // OIDC_ALLOW_SIGNUP=false
let domains: TestServer; // OIDC_ALLOWED_DOMAINS=example.com

async function serverFor(port: number, env: Record<string, string> = {}) {
  return startTestServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: TEST_CLIENT.clientId,
    OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
    OIDC_DISPLAY_NAME: 'Test Provider',
    ...env,
  });
}

beforeAll(async () => {
  const ports = [await freePort(), await freePort(), await freePort()];
  provider = await startOidcProvider({
    clients: [{ ...TEST_CLIENT, redirectUris: ports.map((port) => `http://127.0.0.1:${port}/auth/oidc/callback`) }],
    accounts: Object.values(ACCOUNTS),
  });
  open = await serverFor(ports[0] as number);
  closed = await serverFor(ports[1] as number, { OIDC_ALLOW_SIGNUP: 'false' });
  domains = await serverFor(ports[2] as number, { OIDC_ALLOWED_DOMAINS: 'example.com' });
});
afterAll(async () => {
  await Promise.all([open?.close(), closed?.close(), domains?.close()]);
  await provider?.close();
});

const identityCount = async (server: TestServer, subject: string) =>
  (await server.ctx.db.selectFrom('identities').select('id').where('subject', '=', subject).execute()).length;

describe('sign-in with an OpenID provider', () => {
  it('lists the configured provider for the sign-in button', async () => {
    const res = await apiClient(open.url).get('/api/auth/providers');
    expect(expectSchema(ProvidersResponse, res.body).data.providers).toEqual([
      { id: 'oidc', name: 'Test Provider', url: '/auth/oidc' },
    ]);
  });

  it('creates an account on the first sign-in and reuses it on the next', async () => {
    const api = apiClient(open.url);
    const first = await oidcBrowser().signIn(open.url, ACCOUNTS.newcomer);
    expect(first.error).toBeNull();
    expect(`${first.landing.origin}${first.landing.pathname}`).toBe(`${open.url}/signin/callback`);
    expect(first.response.headers.get('referrer-policy')).toBe('no-referrer');
    const me = expectSchema(UserResponse, (await api.get('/api/users/me', first.token as string)).body).data;
    expect(me).toMatchObject({ name: 'Nora Newcomer', email: 'newcomer@example.com', hasPassword: false });

    // Another browser, so the provider asks again: still the same Parley account.
    const second = await oidcBrowser().signIn(open.url, ACCOUNTS.newcomer);
    const again = expectSchema(UserResponse, (await api.get('/api/users/me', second.token as string)).body).data;
    expect(again._id).toBe(me._id);
    expect(await identityCount(open, ACCOUNTS.newcomer.sub)).toBe(1);
  });

  it('gives an account made through the provider no password until it sets one', async () => {
    const api = apiClient(open.url);
    const { token } = await oidcBrowser().signIn(open.url, ACCOUNTS.fresh);
    expectError(await api.post('/auth/login', { email: 'fresh@example.com', password: 'anything at all' }), 401);

    const set = await api.put('/api/users/me/password', { newPassword: 'a brand new password' }, token as string);
    expect(set.status, JSON.stringify(set.body)).toBe(204);
    expect((await api.get('/api/users/me', token as string)).body.data.hasPassword).toBe(true);
    const login = await api.post('/auth/login', { email: 'fresh@example.com', password: 'a brand new password' });
    expect(login.status).toBe(200);

    // Now that it has one, changing it needs the current one.
    expectError(
      await api.put('/api/users/me/password', { newPassword: 'another new password' }, token as string),
      400,
      'Current password is required',
    );
  });

  it('links an existing password account when the provider has verified the email', async () => {
    const api = apiClient(open.url);
    const registered = await api.register('Lin Ker', 'linker@example.com', 'linker password');
    const outcome = await oidcBrowser().signIn(open.url, ACCOUNTS.linker);
    const me = (await api.get('/api/users/me', outcome.token as string)).body.data;
    expect(me._id).toBe(registered.user._id);
    expect(me.hasPassword).toBe(true);
    expect((await api.post('/auth/login', { email: 'linker@example.com', password: 'linker password' })).status).toBe(
      200,
    );
  });

  it('refuses to link an account by an email the provider has not verified', async () => {
    const api = apiClient(open.url);
    await api.register('Victim', 'victim@example.com', 'victim password');
    const outcome = await oidcBrowser().signIn(open.url, ACCOUNTS.impostor);
    expect(outcome.token).toBeNull();
    expect(outcome.error).toBe('email_unverified');
    expect(await identityCount(open, ACCOUNTS.impostor.sub)).toBe(0);
  });

  it('moves a sign-in started at another address to PUBLIC_URL, once', async () => {
    const elsewhere = open.url.replace('127.0.0.1', 'localhost');
    const first = await fetch(`${elsewhere}/auth/oidc`, { redirect: 'manual' });
    expect(first.headers.get('location')).toBe(`${open.url}/auth/oidc?moved=1`);
    expect(first.headers.get('set-cookie')).toBeNull();
    // A proxy that hides the public host must not cause a loop: the second time the flow starts anyway.
    const second = await fetch(`${elsewhere}/auth/oidc?moved=1`, { redirect: 'manual' });
    expect(second.headers.get('location')).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
  });

  it('makes a new account for an unverified email that no account uses', async () => {
    const outcome = await oidcBrowser().signIn(open.url, ACCOUNTS.unverifiedNewcomer);
    const me = (await apiClient(open.url).get('/api/users/me', outcome.token as string)).body.data;
    expect(me).toMatchObject({ email: 'unverified-newcomer@example.com', hasPassword: false });
  });

  it('does not link a second identity at the same provider to an account that already has one', async () => {
    await oidcBrowser().signIn(open.url, ACCOUNTS.newcomer);
    const outcome = await oidcBrowser().signIn(open.url, ACCOUNTS.second);
    expect(outcome).toMatchObject({ token: null, error: 'email_in_use' });
    expect(await identityCount(open, ACCOUNTS.second.sub)).toBe(0);
  });

  it('lands on the error card when the user denies consent', async () => {
    const outcome = await oidcBrowser().signIn(open.url, ACCOUNTS.insider, 'deny');
    expect(outcome).toMatchObject({ token: null, error: 'access_denied' });
  });

  it('refuses a callback whose state was tampered with, or that comes back to another browser', async () => {
    const browser = oidcBrowser();
    const authorizationUrl = await browser.start(open.url);
    const callbackUrl = await browser.atProvider(authorizationUrl, ACCOUNTS.insider, 'allow', (url) =>
      url.startsWith(`${open.url}/auth/oidc/callback`),
    );
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', 'forged-state');
    expect(await browser.callback(tampered.href)).toMatchObject({ token: null, error: 'state_mismatch' });

    // The genuine callback in a browser that never started the sign-in (login CSRF): refused.
    expect(await oidcBrowser().callback(callbackUrl)).toMatchObject({ token: null, error: 'flow_expired' });
  });

  it('lands with a one-time code, not a token, worth a session only in the browser that signed in (login CSRF)', async () => {
    const isCallback = (url: string) => url.startsWith(`${open.url}/auth/oidc/callback`);
    const landingCode = async (browser: ReturnType<typeof oidcBrowser>) => {
      const callbackUrl = await browser.atProvider(
        await browser.start(open.url),
        ACCOUNTS.insider,
        'allow',
        isCallback,
      );
      const response = await browser.request(callbackUrl);
      expect(response.headers.getSetCookie().join('\n')).toMatch(
        /parley_sign_in=[^;]+; Path=\/auth\/signin; Max-Age=120; HttpOnly; SameSite=Lax/,
      );
      return new URL(response.headers.get('location') as string).searchParams.get('token') as string;
    };
    const api = apiClient(open.url);

    // The code is not a session token: it opens nothing by itself.
    const attacker = oidcBrowser();
    const code = await landingCode(attacker);
    expectError(await api.get('/api/users/me', code), 401);
    // The attacker's landing link opened in the victim's browser (no cookie of that flow): refused.
    const pasted = await oidcBrowser().exchange(open.url, code);
    expect(pasted.status).toBe(401);
    expect(await pasted.json()).toEqual({ success: false, message: 'Invalid or expired authentication token' });

    // In the browser that signed in, once.
    const browser = oidcBrowser();
    const own = await landingCode(browser);
    const exchanged = await browser.exchange(open.url, own);
    expect(exchanged.status).toBe(200);
    const { token } = ((await exchanged.json()) as { data: { token: string } }).data;
    expect((await api.get('/api/users/me', token)).body.data.email).toBe(ACCOUNTS.insider.email);
    expect((await browser.exchange(open.url, own)).status).toBe(401);
  });

  it('uses a flow once, and not after it expired', async () => {
    const isCallback = (url: string) => url.startsWith(`${open.url}/auth/oidc/callback`);
    const browser = oidcBrowser();
    const callbackUrl = await browser.atProvider(await browser.start(open.url), ACCOUNTS.replayer, 'allow', isCallback);
    const cookie = browser.jar.get('parley_oidc_flow') as string;
    expect((await browser.callback(callbackUrl)).token).toBeTruthy();
    // Replayed with the old cookie put back: the flow is gone.
    browser.jar.set('parley_oidc_flow', cookie);
    expect(await browser.callback(callbackUrl)).toMatchObject({ token: null, error: 'flow_expired' });

    const late = oidcBrowser();
    const lateCallback = await late.atProvider(await late.start(open.url), ACCOUNTS.replayer, 'allow', isCallback);
    await open.ctx.db
      .updateTable('oidc_flows')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await late.callback(lateCallback)).toMatchObject({ token: null, error: 'flow_expired' });
  });

  it('refuses a new identity when sign-up through the provider is closed', async () => {
    const outcome = await oidcBrowser().signIn(closed.url, ACCOUNTS.newcomer);
    expect(outcome).toMatchObject({ token: null, error: 'signup_closed' });
    expect(await identityCount(closed, ACCOUNTS.newcomer.sub)).toBe(0);
  });

  it('refuses an email domain that is not allowed, and admits an allowed one', async () => {
    expect(await oidcBrowser().signIn(domains.url, ACCOUNTS.outsider)).toMatchObject({
      token: null,
      error: 'domain_not_allowed',
    });
    expect((await oidcBrowser().signIn(domains.url, ACCOUNTS.insider)).token).toBeTruthy();
  });
});

describe('sign-in with an OpenID provider that is missing or unreachable', () => {
  it('lands on the error card when the provider cannot be reached', async () => {
    const [port, closedPort] = [await freePort(), await freePort()];
    const server = await startTestServer({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OIDC_ISSUER_URL: `http://127.0.0.1:${closedPort}`,
      OIDC_CLIENT_ID: 'x',
      OIDC_CLIENT_SECRET: 'y',
    });
    try {
      const res = await fetch(`${server.url}/auth/oidc`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`http://127.0.0.1:${port}/signin/callback?error=provider_unreachable`);
    } finally {
      await server.close();
    }
  });

  it('lists no provider and sends /auth/oidc to the landing when none is configured', async () => {
    const server = await startTestServer();
    try {
      expect((await apiClient(server.url).get('/api/auth/providers')).body.data.providers).toEqual([]);
      const res = await fetch(`${server.url}/auth/oidc`, { redirect: 'manual' });
      expect(res.headers.get('location')).toBe('/signin/callback?error=not_configured');
    } finally {
      await server.close();
    }
  });
});
