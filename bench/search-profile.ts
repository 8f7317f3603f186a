// Where an in-meeting search's time goes: every statement it runs (main connection and reader thread),
// timed as it ran, then each re-run alone on a read-only connection, with its query plan. On PostgreSQL
// (`--db postgres`, the kept cluster) each statement as the pool ran it, then the plan of one of each
// shape with EXPLAIN (ANALYZE, BUFFERS).
//   node bench/search-profile.ts [--db sqlite|postgres] [--memberships 50] [--segments 1000000] [--runs 2]
//     [--kind meeting|project]

import { join } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { benchMeetingId, benchOwner, openLibrary, SEARCH_QUERIES } from './search-library.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    segments: { type: 'string', default: '1000000' },
    meetings: { type: 'string', default: '2000' },
    memberships: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    kind: { type: 'string', default: 'meeting' },
  },
});
const MEMBERSHIPS = Number(args.memberships);
const MEETINGS = Number(args.meetings);
const OWN = Math.ceil(MEETINGS / MEMBERSHIPS);
const { dataDir, databaseUrl, ctx, stopCluster } = await openLibrary(
  args.db as string,
  Number(args.segments),
  MEMBERSHIPS,
);
const owner = await benchOwner(ctx);
if (!owner) throw new Error('no library');
const { userId, projectId } = owner;

interface Log {
  where: 'main' | 'reader' | 'pg';
  sql: string;
  parameters: unknown[];
  ms: number;
}
let log: Log[] | null = null;
// Main connection: every statement Kysely runs goes through Statement#all / #run / #iterate.
const probe = new SQLite(':memory:').prepare('select 1');
const proto = Object.getPrototypeOf(probe);
for (const name of ['all', 'run', 'get'] as const) {
  const original = proto[name];
  proto[name] = function (this: SQLite.Statement, ...params: unknown[]) {
    const t = performance.now();
    try {
      return original.apply(this, params);
    } finally {
      log?.push({ where: 'main', sql: this.source, parameters: params.flat(), ms: performance.now() - t });
    }
  };
}
const reader = ctx.sqliteReader;
if (reader) {
  const read = reader.read.bind(reader);
  reader.read = async (q) => {
    const t = performance.now();
    try {
      return await read(q);
    } finally {
      log?.push({ where: 'reader', sql: q.sql, parameters: [...q.parameters], ms: performance.now() - t });
    }
  };
}
// PostgreSQL: Kysely runs every statement through a pooled client's query(text, values).
const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = async function (this: pg.Client, text: unknown, values?: unknown) {
  const t = performance.now();
  try {
    return await (pgQuery as (a: unknown, b: unknown) => Promise<unknown>).call(this, text, values);
  } finally {
    if (typeof text === 'string')
      log?.push({ where: 'pg', sql: text, parameters: (values as unknown[]) ?? [], ms: performance.now() - t });
  }
} as typeof pgQuery;

const search = (q: string, r: number) =>
  args.kind === 'meeting'
    ? ctx.services.search.inMeeting(userId, benchMeetingId(((r * 37) % OWN) * MEMBERSHIPS), { q, page: 1, limit: 20 })
    : ctx.services.search.inProject(userId, projectId, { q, page: 1, limit: 20, groupByMeeting: true });
// warm
for (const [i, q] of SEARCH_QUERIES.entries()) await search(q, i);

const short = (sql: string) => sql.replace(/\s+/g, ' ').slice(0, 110);
const perShape = new Map<string, { n: number; ms: number; where: string; sample: Log }>();
const totals: number[] = [];
const readerLog: Log[] = [];
const runs = Number(args.runs);
for (let k = 0; k < runs; k++) {
  for (const [i, q] of SEARCH_QUERIES.entries()) {
    log = [];
    const t = performance.now();
    await search(q, i + k);
    const total = performance.now() - t;
    totals.push(total);
    if (k === 0) {
      console.log(`\n"${q}": ${total.toFixed(1)} ms`);
      for (const l of log) console.log(`  ${l.where.padEnd(6)} ${l.ms.toFixed(2).padStart(7)} ms  ${short(l.sql)}`);
    }
    if (k === runs - 1) readerLog.push(...log.filter((l) => l.where === 'reader'));
    for (const l of log) {
      const key = `${l.where} ${short(l.sql).slice(0, 70)}`;
      const s = perShape.get(key) ?? { n: 0, ms: 0, where: l.where, sample: l };
      s.n++;
      s.ms += l.ms;
      perShape.set(key, s);
    }
    log = null;
  }
}
const sorted = [...totals].sort((a, b) => a - b);
console.log(
  `\n${args.kind} search: ${totals.length} runs, p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} p95 ${sorted[Math.floor(sorted.length * 0.95)]?.toFixed(1)} mean ${(totals.reduce((a, b) => a + b, 0) / totals.length).toFixed(1)} ms`,
);
console.log('\nper statement shape (sum over all runs / per search):');
for (const [key, s] of [...perShape].sort((a, b) => b[1].ms - a[1].ms))
  console.log(
    `  ${(s.ms / totals.length).toFixed(2).padStart(7)} ms/search  ${String(s.n).padStart(5)} calls  ${(s.ms / s.n).toFixed(2).padStart(7)} ms/call  ${key}`,
  );

if (ctx.dbKind === 'postgres') {
  // Plans of each shape, on a connection of its own, with what each node read.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  console.log('\nplans:');
  for (const [key, s] of perShape) {
    const plan = await client.query(`explain (analyze, buffers) ${s.sample.sql}`, s.sample.parameters);
    const lines = plan.rows.map((r) => Object.values(r)[0]);
    console.log(`\n${key}\n${lines.map((l) => `    ${l}`).join('\n')}`);
  }
  await client.end();
  await ctx.close();
  stopCluster();
  process.exit(0);
}
// Plans of each shape, on a read-only connection.
const ro = new SQLite(join(dataDir, 'parley.db'), { readonly: true, fileMustExist: true });
console.log('\nplans:');
for (const [key, s] of perShape) {
  try {
    const plan = ro.prepare(`explain query plan ${s.sample.sql}`).all(...(s.sample.parameters as never[]));
    console.log(`\n${key}\n${(plan as Array<{ detail: string }>).map((p) => `    ${p.detail}`).join('\n')}`);
  } catch (e) {
    console.log(`\n${key}\n    (${(e as Error).message})`);
  }
}
// The reader thread's round trip: each of its statements of the last run again, alone, on this thread.
let alone = 0;
let trip = 0;
for (const l of readerLog) {
  const st = ro.prepare(l.sql);
  const t = performance.now();
  st.all(...(l.parameters as never[]));
  alone += performance.now() - t;
  trip += l.ms;
}
console.log(
  `\nreader statements: ${readerLog.length}, ${(trip / readerLog.length).toFixed(2)} ms each through the thread, ` +
    `${(alone / readerLog.length).toFixed(2)} ms each run alone on one connection`,
);
await ctx.close();
