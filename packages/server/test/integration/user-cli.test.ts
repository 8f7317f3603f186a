import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// `npm run user -- create ... [--admin]` (issue 37, decision 221) against the database a running server
// uses: the first account of a fresh instance is its admin, `--admin` makes another, others are users.
const CLI = fileURLToPath(new URL('../../src/cli/user.ts', import.meta.url));
let server: TestServer;
let api: ReturnType<typeof apiClient>;

async function runCli(...args: string[]) {
  const { database, dataDir } = server.ctx.config;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: database.kind === 'postgres' ? database.url : `sqlite:${database.file}`,
    LOG_LEVEL: 'silent',
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const create = (name: string, ...extra: string[]) =>
  runCli('create', '--email', `${name}@example.com`, '--name', name, '--password', 'correct horse', ...extra);
const roleOf = async (name: string) => {
  const login = await api.post('/auth/login', { email: `${name}@example.com`, password: 'correct horse' });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.data.user.role;
};

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
});
afterAll(() => server?.close());

describe('npm run user -- create', () => {
  it('makes the first account of a fresh instance its admin, another with --admin, and users otherwise', async () => {
    expect(await create('first')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Created admin first@/) });
    expect(await create('plain')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Created user plain@/) });
    expect(await create('second', '--admin')).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Created admin/),
    });
    expect([await roleOf('first'), await roleOf('plain'), await roleOf('second')]).toEqual(['admin', 'user', 'admin']);
  });

  it('answers a mistake with what went wrong and the usage, not a stack trace', async () => {
    const help = await runCli('--help');
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining('usage: npm run user -- create') });
    for (const args of [['create', '--email', 'x@example.com', '--admn'], ['remove'], ['create', '--name']]) {
      const run = await runCli(...args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toContain('usage: npm run user -- create --email <email>');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    const taken = await create('plain');
    expect(taken.code).toBe(1);
    expect(taken.stderr).not.toMatch(/\n\s+at /);
  });
});
