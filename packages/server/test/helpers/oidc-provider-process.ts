// A real OpenID Provider (the certified `oidc-provider` package) run as its own process by
// oidc-provider.ts. It reads its clients and accounts from OIDC_TEST_OPTIONS (JSON), listens on a free
// port of 127.0.0.1 and prints one line `{"issuer": "..."}` once it accepts connections.
// Its login and consent pages are deliberately plain HTML forms, so a browser test and an HTTP-level
// test can both drive them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import type { OidcTestOptions } from './oidc-provider.ts';

const options = JSON.parse(process.env.OIDC_TEST_OPTIONS ?? '{}') as OidcTestOptions;
const accounts = new Map(options.accounts.map((account) => [account.login, account]));

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(res: ServerResponse, title: string, body: string) {
  res.statusCode = 200;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    `<!doctype html><html><head><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
  );
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const issuer = `http://127.0.0.1:${port}`;

const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const provider = new Provider(issuer, {
  clients: options.clients.map((client) => ({
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  })),
  jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' }] },
  cookies: { keys: ['parley-test-provider-cookie-key'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, sub) {
    const account = [...accounts.values()].find((a) => a.sub === sub);
    if (!account) return undefined;
    return {
      accountId: sub,
      claims: async () => ({
        sub,
        email: account.email,
        email_verified: account.emailVerified,
        name: account.name,
      }),
    };
  },
});
const providerCallback = provider.callback();

async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error('interaction mismatch');
  const form = req.method === 'POST' ? await readForm(req) : undefined;

  if (action === 'abort') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
    return;
  }

  if (details.prompt.name === 'login') {
    if (action === 'login' && form) {
      const account = accounts.get(form.get('login') ?? '');
      if (account && account.password === form.get('password')) {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
    }
    const failed = action === 'login' ? '<p role="alert">Invalid login or password</p>' : '';
    page(
      res,
      'Sign in to the test provider',
      `${failed}<form method="post" action="/interaction/${uid}/login">
        <label>Login <input name="login" autocomplete="username"></label>
        <label>Password <input name="password" type="password" autocomplete="current-password"></label>
        <button type="submit">Sign in</button>
      </form>
      <form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`,
    );
    return;
  }

  // Consent: grant what the client asked for, or refuse.
  if (action === 'confirm') {
    const { accountId } = details.session ?? {};
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: details.params.client_id as string });
    if (!grant) throw new Error('grant not found');
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return;
  }
  page(
    res,
    'Authorize Parley',
    `<p>Parley asks to know who you are and your email address.</p>
    <form method="post" action="/interaction/${uid}/confirm"><button type="submit">Allow</button></form>
    <form method="post" action="/interaction/${uid}/abort"><button type="submit">Deny</button></form>`,
  );
}

server.on('request', (req, res) => {
  const match = /^\/interaction\/([^/?]+)(?:\/([a-z]+))?/.exec(req.url ?? '');
  if (!match) {
    providerCallback(req, res);
    return;
  }
  interaction(req, res, match[1] as string, match[2]).catch((error: unknown) => {
    res.statusCode = 400;
    res.setHeader('content-type', 'text/plain');
    res.end(`Interaction failed: ${error instanceof Error ? error.message : String(error)}`);
  });
});

process.stdout.write(`${JSON.stringify({ issuer })}\n`);
