// Starts a real OpenID Provider (oidc-provider) in its own process, for the integration and e2e tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

export interface OidcTestAccount {
  /** What the user types into the provider's login form. */
  login: string;
  password: string;
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface OidcTestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OidcTestOptions {
  clients: OidcTestClient[];
  accounts: OidcTestAccount[];
}

export interface OidcTestProvider {
  issuer: string;
  close(): Promise<void>;
}

export const TEST_CLIENT = { clientId: 'parley-test', clientSecret: 'parley-test-secret-0123456789' } as const;

/** A free TCP port on 127.0.0.1, so a server's redirect URI can be registered before the server starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startOidcProvider(options: OidcTestOptions): Promise<OidcTestProvider> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--no-warnings', new URL('./oidc-provider-process.ts', import.meta.url).pathname],
    { env: { ...process.env, OIDC_TEST_OPTIONS: JSON.stringify(options) }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`The test OpenID provider exited (${code}): ${stderr}`)));
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
