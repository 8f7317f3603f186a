// The search benchmarks' library: where it is kept, how it is opened, its meetings' ids and the queries
// asked of it (bench/search.bench.ts builds it and measures; bench/search-compare.ts compares two versions).
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../packages/server/src/config.ts';
import { createContext } from '../packages/server/src/context.ts';
import { startKeptCluster } from './postgres-cluster.ts';

const root = resolve(import.meta.dirname, '..');

/**
 * Opens (creating the folder, and on PostgreSQL starting the kept cluster unless DATABASE_URL is set)
 * the library of `segments` segments. v2: meeting ids shaped like the app's (24 hex digits, one token);
 * the first library's ids ('bench-m-12') were three words each, two of them in every row, which the
 * SQLite in-meeting search (it indexes the meeting id as a word) paid for and production never does.
 * With `memberships` > 1 the meetings are spread over that many projects, each held by another account
 * and the bench user a member of all of them (issue 37): a library of its own folder.
 */
export async function openLibrary(kind: string, segments: number, memberships = 1) {
  const shape = memberships > 1 ? `m${memberships}-v3` : 'v2';
  const dataDir = join(root, 'bench/.data', `search-${kind}-${segments}-${shape}`);
  mkdirSync(dataDir, { recursive: true });
  const cluster =
    kind === 'postgres' && !process.env.DATABASE_URL ? await startKeptCluster(join(dataDir, 'postgres')) : undefined;
  const databaseUrl = cluster?.url ?? process.env.DATABASE_URL;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RUN_WORKER: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const ctx = await createContext(config, pino({ level: 'silent' }));
  return { dataDir, databaseUrl, ctx, stopCluster: () => cluster?.stop() };
}

/** Meeting i's id, shaped like lib/ids.ts's (the same on every run, so a kept library is found again). */
export const benchMeetingId = (i: number) => createHash('sha256').update(`bench-m-${i}`).digest('hex').slice(0, 24);

/** Colleague k's account (k >= 1), the holder of the k-th project the bench user is a member of. */
export const benchColleagueEmail = (k: number) => `bench-${k}@example.com`;

/** The bench user's id and their own project, once the library exists. */
export async function benchOwner(ctx: Awaited<ReturnType<typeof openLibrary>>['ctx']) {
  const user = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'bench@example.com')
    .executeTakeFirst();
  if (!user) return undefined;
  const project = await ctx.db
    .selectFrom('projects')
    .select('id')
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { userId: user.id, projectId: project.id };
}

// A spread of what people type: common and rare words, stems, prefixes, phrases, names, misspellings.
export const SEARCH_QUERIES = [
  'budget',
  'remote control',
  'recorded',
  'batteries',
  'design',
  'whiteboard',
  'kick-off meeting',
  '"remote control"',
  'yellow',
  'speech recognition',
  'Laura',
  'Sheila',
  'recieve',
  'buttons',
  'functional',
  'market research',
  'scroll wheel',
  'twenty five euros',
  'trendy',
  'fruit',
  'logo',
  'lcd screen',
  'prototype',
  'rubber',
  'kinetic',
  'solar cells',
  'production costs',
  'evaluation',
];

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** p50 and p95 of a list of times, in ms. */
export function latency(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0 };
}
