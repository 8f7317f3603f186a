// The image's entry point runs package.json's commands without npm (the image has none): run with a
// stand-in `node` that prints its arguments, each command must be the script's, word for word.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
const bin = mkdtempSync(join(tmpdir(), 'parley-entrypoint-'));
writeFileSync(join(bin, 'node'), '#!/bin/sh\necho "node $*"\n');
chmodSync(join(bin, 'node'), 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

const entrypoint = (...args) =>
  execFileSync('sh', [join(root, 'scripts/container/entrypoint.sh'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
  }).trim();

describe('the image entry point', () => {
  it('runs the server as `npm start` does after its install and web build, by default', () => {
    const server = scripts.start.split(' && ').at(-1); // `npm start` first builds the web app
    expect(entrypoint()).toBe(server);
    expect(entrypoint('server')).toBe(server);
  });

  it('runs `npm run worker` and `npm run user -- ...` as worker and user', () => {
    expect(entrypoint('worker')).toBe(scripts.worker);
    expect(entrypoint('user', 'create', '--email', 'a@b.c')).toBe(`${scripts.user} create --email a@b.c`);
  });

  it('runs any other command as given', () => {
    expect(entrypoint('node', '-e', '1')).toBe('node -e 1');
    expect(entrypoint('echo', 'hello')).toBe('hello');
  });
});
