// A cookie-keeping HTTP client that walks the OpenID sign-in the way a browser does, without a browser:
// it follows redirects by hand, fills in the test provider's login form and answers its consent page.
import { expect } from 'vitest';

export interface SignInOutcome {
  /** Where the server finally sent the browser: the web app's landing with ?token= (a one-time code) or ?error=. */
  landing: URL;
  /** The landing's one-time code (its `token` parameter). */
  code: string | null;
  /** The session token the landing got for that code with this browser's cookie, as the web app does. */
  token: string | null;
  error: string | null;
  /** The landing redirect itself, for its headers. */
  response: Response;
}

export function oidcBrowser() {
  // Browsers don't separate cookies by port; neither do we (server and provider share 127.0.0.1).
  const jar = new Map<string, string>();

  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (!name) continue;
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired) jar.delete(name.trim());
      else jar.set(name.trim(), rest.join('='));
    }
    return response;
  }

  const locationOf = (response: Response, base: string) => new URL(response.headers.get('location') ?? '', base).href;

  /**
   * From the provider's authorization URL to the moment it redirects back to Parley's callback; returns
   * that callback URL without visiting it. `consent: 'deny'` refuses at the consent page.
   */
  async function atProvider(
    authorizationUrl: string,
    account: { login: string; password: string },
    consent: 'allow' | 'deny',
    isCallback: (url: string) => boolean,
  ): Promise<string> {
    let url = authorizationUrl;
    for (let hop = 0; hop < 20; hop++) {
      if (isCallback(url)) return url;
      const response = await request(url);
      if (response.status >= 300 && response.status < 400) {
        url = locationOf(response, url);
        continue;
      }
      const html = await response.text();
      expect(response.status, html).toBe(200);
      const uid = /\/interaction\/([^/"]+)\//.exec(html)?.[1];
      if (!uid) throw new Error(`Unexpected provider page: ${html}`);
      const origin = new URL(url).origin;
      const post = (action: string, body?: Record<string, string>) =>
        request(`${origin}/interaction/${uid}/${action}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(body).toString(),
        });
      const answer = html.includes('name="login"')
        ? await post('login', { login: account.login, password: account.password })
        : await post(consent === 'allow' ? 'confirm' : 'abort');
      expect(answer.status, await answer.clone().text()).toBe(303);
      url = locationOf(answer, url);
    }
    throw new Error('Too many redirects at the provider');
  }

  return {
    jar,
    request,

    /** GET /auth/oidc: Parley answers with a redirect to the provider. */
    async start(serverUrl: string): Promise<string> {
      const response = await request(`${serverUrl}/auth/oidc`);
      expect(response.status).toBe(302);
      return locationOf(response, serverUrl);
    },

    atProvider,

    /** The landing's exchange of its code for a session token, with this browser's cookies. */
    async exchange(serverUrl: string, code: string): Promise<Response> {
      return request(`${serverUrl}/auth/signin/exchange`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
    },

    /** Visits Parley's callback, reads where it sends the browser, and lands there as the web app does. */
    async callback(callbackUrl: string): Promise<SignInOutcome> {
      const response = await request(callbackUrl);
      expect(response.status, await response.clone().text()).toBe(302);
      const landing = new URL(locationOf(response, callbackUrl));
      const code = landing.searchParams.get('token');
      let token: string | null = null;
      if (code) {
        const exchanged = await this.exchange(new URL(callbackUrl).origin, code);
        expect(exchanged.status, await exchanged.clone().text()).toBe(200);
        token = ((await exchanged.json()) as { data: { token: string } }).data.token;
      }
      return {
        landing,
        code,
        token,
        error: landing.searchParams.get('error'),
        response,
      };
    },

    /** The whole sign-in: Parley -> provider (login, consent) -> Parley's callback -> landing. */
    async signIn(
      serverUrl: string,
      account: { login: string; password: string },
      consent: 'allow' | 'deny' = 'allow',
    ): Promise<SignInOutcome> {
      const authorizationUrl = await this.start(serverUrl);
      const callbackUrl = await atProvider(authorizationUrl, account, consent, (url) =>
        url.startsWith(`${serverUrl}/auth/oidc/callback`),
      );
      return this.callback(callbackUrl);
    },
  };
}
