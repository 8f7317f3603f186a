import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl, tempDataDir } from '../helpers/database.ts';

// The real entry point as `npm start` runs it, with stdout not a terminal (so logs are JSON lines).
const serverRoot = resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
  for (const cleanup of cleanups) await cleanup();
});

async function startMain(env: Record<string, string>) {
  const dataDir = tempDataDir();
  const database = await freshDatabaseUrl();
  cleanups.push(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const child = spawn(process.execPath, [join(serverRoot, 'src/main.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      RUN_WORKER: 'false',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines: string[] = [];
  const rl = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolveUrl, reject) => {
    rl.on('line', (line) => {
      lines.push(line);
      const match = line.match(/^Parley is listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolveUrl(match[1]!);
    });
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${lines.join('\n')}`)),
    );
  });
  return { url, lines };
}

describe('starting the server', () => {
  it('prints where to open the app even at LOG_LEVEL=warn, and nothing below warn', async () => {
    const { url, lines } = await startMain({ LOG_LEVEL: 'warn' });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const friendly = lines.filter((l) => l.startsWith('Parley is listening'));
    expect(friendly).toHaveLength(1);
    expect(friendly[0]).toMatch(/^Parley is listening on http:\/\/127\.0\.0\.1:\d+ \(database: (sqlite|postgres)\)$/);
    // Here the only other line is the warning that the web app is not built.
    for (const line of lines.filter((l) => l !== friendly[0]))
      expect(JSON.parse(line).level).toBeGreaterThanOrEqual(40);
  });

  it('logs JSON lines when stdout is not a terminal, with changes at info and polls left out', async () => {
    const { url, lines } = await startMain({ LOG_LEVEL: 'info' });
    for (let i = 0; i < 3; i++) await fetch(`${url}/api/health`);
    const register = await fetch(`${url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Log', email: 'log@example.com', password: 'correct horse' }),
    });
    expect(register.status).toBe(201);
    // The server writes its log line for a request once the reply is sent, and the line comes through a
    // child's pipe: waited for (expect.poll's default second is short on a loaded machine).
    await expect.poll(() => lines.some((l) => l.includes('/auth/register')), { timeout: 30_000 }).toBe(true);
    const json = lines.filter((l) => !l.startsWith('Parley is listening'));
    for (const line of json) expect(() => JSON.parse(line), line).not.toThrow();
    expect(json.some((l) => l.includes('/api/health'))).toBe(false);
  });
});
