// The real server as a child process, the way the benchmarks that measure it from outside start it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** A port nothing listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts packages/server/src/main.ts with the same V8 flags as `npm start` (decision 007) and `env`
 * over this process's environment; resolves once /api/health answers.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--max-semi-space-size=4', join(root, 'packages/server/src/main.ts')], {
    // Every benchmark account is made from this one address.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (i > 600) throw new Error('the server did not start within a minute');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * A caller of the server's API at `base` as a user would be: a JSON or multipart body, the bearer token,
 * the reply's `data` (or its text when it is not JSON); a refusal throws with its status and body.
 */
export function apiCaller(base: string) {
  return async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && !(body instanceof FormData) && { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text.startsWith('{') ? JSON.parse(text).data : text;
  };
}
