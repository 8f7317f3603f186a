// Search latency on a large library, and what keeping the index costs a transcription job.
//   node bench/search.bench.ts [--db sqlite|postgres] [--segments 1000000] [--meetings 2000] [--memberships 50]
// The library (`--meetings` meetings of segments/meetings segments each, spread over `--memberships`
// projects: the bench user's own and ones held by colleagues that the bench user is a member of; with
// `--memberships 1` one user and one project, the library of the runs before issue 37) is built
// from the real AMI meeting transcripts in ../shared/data/ami-notes/*.vtt through the same repository
// the transcription job uses, and kept: SQLite in bench/.data/, PostgreSQL in a cluster the bench keeps
// in bench/.data/ too (or in DATABASE_URL when set). The first run builds it (~1.5 min on SQLite, ~3.5 on
// PostgreSQL); later runs only measure. Figures are printed; this is not a test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createDb } from '../packages/server/src/db/database.ts';
import * as initial from '../packages/server/src/db/migrations/001-initial.ts';
import type { NewSegment } from '../packages/server/src/repositories/transcriptions.ts';
import { cpuMeter } from './cpu-time.ts';
import {
  benchColleagueEmail,
  benchMeetingId,
  benchOwner,
  latency,
  openLibrary,
  SEARCH_QUERIES,
} from './search-library.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    segments: { type: 'string', default: '1000000' },
    meetings: { type: 'string', default: '2000' },
    memberships: { type: 'string', default: '50' },
    runs: { type: 'string', default: '200' },
    'indexing-only': { type: 'boolean', default: false },
    'search-only': { type: 'boolean', default: false },
  },
});
const SEGMENTS = Number(args.segments);
const MEETINGS = Number(args.meetings);
const PER_MEETING = Math.ceil(SEGMENTS / MEETINGS);
const MEMBERSHIPS = Math.max(1, Number(args.memberships));
/** Meeting i is in project i % MEMBERSHIPS; project 0 is the bench user's own. */
const OWN_MEETINGS = Math.ceil(MEETINGS / MEMBERSHIPS);
const ownMeeting = (k: number) => benchMeetingId((k % OWN_MEETINGS) * MEMBERSHIPS);
const RUNS = Number(args.runs);
const root = resolve(import.meta.dirname, '..');
// Beside the checkout (../shared), or beside the worktrees folder when run from a worktree.
const AMI_DIR =
  process.env.AMI_NOTES_DIR ??
  [resolve(root, '../shared/data/ami-notes'), resolve(root, '../../shared/data/ami-notes')].find(existsSync) ??
  resolve(root, '../shared/data/ami-notes');
const { dataDir, databaseUrl, ctx, stopCluster } = await openLibrary(args.db as string, SEGMENTS, MEMBERSHIPS);
const meetingId = benchMeetingId;

interface Cue {
  speaker: string;
  text: string;
  startMs: number;
  endMs: number;
}

function parseVtt(text: string): Cue[] {
  const cues: Cue[] = [];
  const ms = (t: string) => {
    const [h, m, s] = t.split(':');
    return (Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000;
  };
  for (const block of text.split(/\n\s*\n/)) {
    const time = /(\d+:\d+:[\d.]+) --> (\d+:\d+:[\d.]+)/.exec(block);
    const voice = /<v ([^>]+)>(.*)/s.exec(block);
    if (!time?.[1] || !time[2] || !voice?.[1] || !voice[2]) continue;
    cues.push({
      speaker: voice[1],
      text: voice[2].replace(/\s+/g, ' ').trim(),
      startMs: ms(time[1]),
      endMs: ms(time[2]),
    });
  }
  return cues;
}

const transcripts = readdirSync(AMI_DIR)
  .filter((f) => f.endsWith('.vtt'))
  .sort()
  .map((f) => parseVtt(readFileSync(join(AMI_DIR, f), 'utf8')));
const allCues = transcripts.flat();

/** Meeting i: PER_MEETING consecutive cues of the corpus from a meeting-specific offset, times rebased. */
function meetingSegments(i: number): NewSegment[] {
  const offset = (i * 7919) % allCues.length;
  const out: NewSegment[] = [];
  let clock = 0;
  for (let k = 0; k < PER_MEETING; k++) {
    const cue = allCues[(offset + k) % allCues.length] as Cue;
    const length = Math.max(300, cue.endMs - cue.startMs);
    out.push({ speaker: cue.speaker, text: cue.text, startMs: clock, endMs: clock + length });
    clock += length + 200;
  }
  return out;
}

const { db, repos, services } = ctx;

async function ensureLibrary() {
  const existing = await benchOwner(ctx);
  if (existing) {
    if (!(await db.selectFrom('meetings').select('id').where('id', '=', meetingId(0)).executeTakeFirst()))
      throw new Error('The database holds a bench library of an older shape: drop it (or its folder) first');
    return existing;
  }
  const userId = (await repos.users.create({ name: 'Bench', email: 'bench@example.com', passwordHash: null })).id;
  const projectId = (await services.projects.create(userId, { name: 'Everything' }))._id;
  // Project k > 0 is colleague k's, the bench user an editor of it (decision 220: rows stay the holder's).
  const holders = [{ userId, projectId }];
  for (let k = 1; k < MEMBERSHIPS; k++) {
    const colleague = (
      await repos.users.create({ name: `Colleague ${k}`, email: benchColleagueEmail(k), passwordHash: null })
    ).id;
    const project = (await services.projects.create(colleague, { name: `Team ${k}` }))._id;
    await repos.members.add(project, userId, 'editor');
    holders.push({ userId: colleague, projectId: project });
  }
  const at = new Date().toISOString();
  const started = performance.now();
  for (let i = 0; i < MEETINGS; i++) {
    const id = meetingId(i);
    const holder = holders[i % MEMBERSHIPS] as (typeof holders)[number];
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('meetings')
        .values({
          id,
          user_id: holder.userId,
          project_id: holder.projectId,
          title: `AMI replay ${i}`,
          recording_type: 'upload',
          transcription_status: 'completed',
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      await repos.transcriptions.replaceForMeeting(trx, holder.userId, id, meetingSegments(i));
    });
    if (i % 100 === 99) {
      const rate = ((i + 1) * PER_MEETING) / ((performance.now() - started) / 1000);
      console.log(`  ${i + 1} meetings, ${Math.round(rate)} segments/s`);
    }
  }
  if (ctx.dbKind === 'postgres') await sql`analyze transcriptions`.execute(db);
  console.log(`generated ${MEETINGS * PER_MEETING} segments in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { userId, projectId };
}

function summary(label: string, times: number[]) {
  const { p50, p95, max } = latency(times);
  console.log(
    `${label.padEnd(34)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   max ${max.toFixed(1).padStart(6)} ms`,
  );
}

const QUERIES = SEARCH_QUERIES;

async function main() {
  const { userId, projectId } = await ensureLibrary();
  const total = await db
    .selectFrom('transcriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const shape =
    MEMBERSHIPS > 1
      ? `${MEMBERSHIPS} projects of ${MEMBERSHIPS} holders, the searching user a member of all (its own: ${OWN_MEETINGS} meetings)`
      : 'one user, one project';
  console.log(`\n${ctx.dbKind}: ${Number(total.n)} segments, ${MEETINGS} meetings, ${shape}\n`);

  if (args['indexing-only']) {
    await indexingCost(userId);
    return ctx.close();
  }
  // Warm caches the way a running server has them.
  for (const q of QUERIES)
    await services.search.inProject(userId, projectId, { q, page: 1, limit: 20, groupByMeeting: true });

  // CPU on this process and the database server (PostgreSQL's processes when the bench runs its cluster).
  const meter = cpuMeter(
    ctx.dbKind === 'postgres' && !process.env.DATABASE_URL ? join(dataDir, 'postgres/data') : undefined,
  );
  const kinds = ['meeting', 'project', 'global'] as const;
  const times = { meeting: [] as number[], project: [] as number[], global: [] as number[] };
  const cpu = { meeting: [] as number[], project: [] as number[], global: [] as number[] };
  const waited = { meeting: [] as number[], project: [] as number[], global: [] as number[] };
  const measure = async (kind: (typeof kinds)[number], search: () => Promise<unknown>) => {
    const before = meter?.read();
    const t = performance.now();
    await search();
    times[kind].push(performance.now() - t);
    const after = meter?.read();
    if (before && after) {
      cpu[kind].push((after[0] - before[0]) / 1e6);
      waited[kind].push((after[1] - before[1]) / 1e6);
    }
  };
  for (let r = 0; r < RUNS; r++) {
    const q = QUERIES[r % QUERIES.length] as string;
    await measure('meeting', () => services.search.inMeeting(userId, ownMeeting(r * 37), { q, page: 1, limit: 20 }));
    await measure('project', () =>
      services.search.inProject(userId, projectId, { q, page: 1, limit: 20, groupByMeeting: true }),
    );
    // The header's search across every project: titles, passages grouped by meeting, people (decision 162).
    await measure('global', () => services.search.everywhere(userId, { q, page: 1, limit: 20 }));
  }
  const labels = {
    meeting: `in-meeting search (${RUNS} runs)`,
    project: `project search, ${OWN_MEETINGS} meetings`,
    global: 'global search (GET /api/search)',
  };
  for (const kind of kinds) summary(labels[kind], times[kind]);
  // That the global search reads the shared projects too, not only the user's own.
  const everywhere = await services.search.everywhere(userId, { q: 'budget', page: 1, limit: 100 });
  console.log(
    `(global search "budget": its first 100 passages come from ${new Set(everywhere.segments.map((s) => s.projectId)).size} projects)`,
  );
  if (meter) {
    console.log(
      `\nCPU time per search (this process${ctx.dbKind === 'postgres' ? ' + the PostgreSQL server' : ''}): what it costs on a free core`,
    );
    for (const kind of kinds) summary(`  ${kind}`, cpu[kind]);
    console.log("time spent waiting for a core (the machine's load)");
    for (const kind of kinds) summary(`  ${kind}`, waited[kind]);
  }
  if (args['search-only']) return ctx.close();

  // Per query (project search), to show where the time goes.
  for (const q of QUERIES) {
    const times: number[] = [];
    for (let k = 0; k < 3; k++) {
      const t = performance.now();
      await services.search.inProject(userId, projectId, { q, page: 1, limit: 20, groupByMeeting: true });
      times.push(performance.now() - t);
    }
    summary(`  project "${q}"`, times);
  }

  await indexingCost(userId);
  await ctx.close();
}

/**
 * What the index adds to the transcription job's one write: replacing a meeting's segments (with
 * phonetic keys, triggers / generated columns and index maintenance) on this library, against the same
 * write on a database without the search migration. The job's total is estimated from the pipeline
 * benchmark's real-time factor (0.045 with Moonshine tiny, bench/README.md) over the meeting's audio.
 */
async function indexingCost(userId: string) {
  const segments = meetingSegments(12345);
  const audioSeconds = (segments.at(-1)?.endMs ?? 0) / 1000;
  const replace = async (target: typeof db, meetingId: string) => {
    const times: number[] = [];
    for (let k = 0; k < 5; k++) {
      const t = performance.now();
      await target
        .transaction()
        .execute((trx) => repos.transcriptions.replaceForMeeting(trx, userId, meetingId, segments));
      times.push(performance.now() - t);
    }
    return times.sort((a, b) => a - b)[2] ?? 0;
  };
  const withIndex = await replace(db, meetingId(0));

  // The same write on a database that stops at the first migration (no index, no phonetic keys column).
  const plainUrl = ctx.dbKind === 'postgres' ? await freshPostgres() : undefined;
  const plain = createDb(
    plainUrl ? { kind: 'postgres', url: plainUrl } : { kind: 'sqlite', file: join(dataDir, 'plain.db') },
    (error) => {
      throw error;
    },
  );
  await new Migrator({
    db: plain.db,
    provider: { getMigrations: async () => ({ '001-initial': initial }) },
    migrationTableName: 'parley_migrations',
    migrationLockTableName: 'parley_migration_lock',
  }).migrateToLatest();
  const at = new Date().toISOString();
  await plain.db.deleteFrom('users').execute();
  await plain.db
    .insertInto('users')
    .values({
      id: userId,
      name: 'b',
      email: 'b@e.c',
      password_hash: null,
      avatar: null,
      tier: 'free',
      monthly_duration_limit: null,
      max_file_size: null,
      created_at: at,
      updated_at: at,
      // (the users table as 001-initial made it)
    } as never)
    .execute();
  await plain.db
    .insertInto('projects')
    .values({ id: 'p', user_id: userId, name: 'p', description: null, created_at: at, updated_at: at })
    .execute();
  await plain.db
    .insertInto('meetings')
    .values({
      id: 'm',
      user_id: userId,
      project_id: 'p',
      title: 't',
      recording_type: 'upload',
      created_at: at,
      updated_at: at,
    } as never)
    .execute();
  const plainTimes: number[] = [];
  for (let k = 0; k < 5; k++) {
    const rows = segments.map((s, n) => ({
      id: `p${k}-${n}`,
      user_id: userId,
      meeting_id: 'm',
      speaker: s.speaker,
      person_id: null,
      text: s.text,
      is_edited: 0,
      start_ms: Math.round(s.startMs),
      end_ms: Math.round(s.endMs),
      created_at: at,
      updated_at: at,
    }));
    const t = performance.now();
    await plain.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('transcriptions').where('meeting_id', '=', 'm').execute();
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('transcriptions')
          .values(rows.slice(i, i + 200) as never)
          .execute();
    });
    plainTimes.push(performance.now() - t);
  }
  await plain.db.destroy();
  const without = plainTimes.sort((a, b) => a - b)[2] ?? 0;
  const jobSeconds = audioSeconds * 0.045;
  console.log(
    `\nreplacing one meeting's ${segments.length} segments (${(audioSeconds / 60).toFixed(0)} min of audio): ` +
      `${withIndex.toFixed(0)} ms with the search index, ${without.toFixed(0)} ms without; ` +
      `the index adds ${(withIndex - without).toFixed(0)} ms = ${((100 * (withIndex - without)) / 1000 / jobSeconds).toFixed(2)} % ` +
      `of a ${jobSeconds.toFixed(0)} s transcription job`,
  );
}

async function freshPostgres(): Promise<string> {
  const url = databaseUrl as string;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('drop database if exists parley_bench_plain with (force)');
  await client.query('create database parley_bench_plain');
  await client.end();
  return url.replace(/\/[^/]*$/, '/parley_bench_plain');
}

try {
  await main();
} finally {
  stopCluster();
}
