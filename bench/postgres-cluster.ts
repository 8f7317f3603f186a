// A PostgreSQL cluster kept in a folder between benchmark runs, so a generated library (minutes of
// inserts) is built once and measured many times. scripts/postgres.sh makes a throw-away one for tests;
// this one is created on the first start and only started and stopped afterwards.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './server-process.ts';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  for (const version of existsSync(root) ? readdirSync(root).sort().reverse() : []) {
    if (existsSync(join(root, version, 'bin/initdb'))) return join(root, version, 'bin');
  }
  throw new Error('PostgreSQL server binaries not found (apt-get install postgresql)');
}

// initdb and postgres refuse to run as root: use the postgres account when we are root.
const asPostgres = (command: string, args: string[]) =>
  process.getuid?.() === 0
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
    : execFileSync(command, args, { stdio: 'pipe' });

/** Starts the cluster in `dir` (creating it the first time); returns its URL and a stop function. */
export async function startKeptCluster(dir: string): Promise<{ url: string; stop: () => void }> {
  const bin = binDir();
  const data = join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), 0);
  if (!existsSync(join(data, 'PG_VERSION'))) {
    asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  }
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  asPostgres(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    options,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
  };
}
