// Two versions of the search, back to back on the same library: this checkout's and another commit's
// (its packages/server/src extracted with `git archive` into bench/.data/). Each round asks both the same
// in-meeting and project search, in alternating order, so both see the same machine load: on a shared
// machine the load moves latencies 2-3x from one minute to the next, and only such pairs compare.
//   node bench/search-compare.ts [--db sqlite|postgres] [--base main] [--runs 112] [--memberships 50]
// Needs the library of bench/search.bench.ts (run it once first). The database is migrated to this
// checkout's schema; the other version must be able to read it. First both versions answer every query in
// every scope, and any answer that differs is printed (a change meant to be faster must not move one).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { SearchService } from '../packages/server/src/services/search.ts';
import { benchMeetingId, benchOwner, latency, openLibrary, SEARCH_QUERIES } from './search-library.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    base: { type: 'string', default: 'main' },
    runs: { type: 'string', default: '112' },
    segments: { type: 'string', default: '1000000' },
    meetings: { type: 'string', default: '2000' },
    memberships: { type: 'string', default: '50' },
  },
});
const root = resolve(import.meta.dirname, '..');
const MEETINGS = Number(args.meetings);
const MEMBERSHIPS = Math.max(1, Number(args.memberships));
/** The bench user's own meetings (search.bench.ts: meeting i is in project i % MEMBERSHIPS, 0 the user's). */
const OWN_MEETINGS = Math.ceil(MEETINGS / MEMBERSHIPS);
const ownMeeting = (k: number) => benchMeetingId((k % OWN_MEETINGS) * MEMBERSHIPS);

const commit = execFileSync('git', ['rev-parse', '--short', args.base as string], { cwd: root })
  .toString()
  .trim();
const baseDir = join(root, 'bench/.data', `base-${commit}`);
if (!existsSync(join(baseDir, 'packages/server/src'))) {
  mkdirSync(baseDir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} packages/server/src | tar -x -C ${baseDir}`], { cwd: root });
}
const baseSrc = join(baseDir, 'packages/server/src');
const { searchService } = await import(join(baseSrc, 'services/search.ts'));
// Before the search module owned its SQL (docs/decisions/160) the service took a repository.
const restructured = existsSync(join(baseSrc, 'search/index.ts'));
const baseModule = await import(join(baseSrc, restructured ? 'search/index.ts' : 'repositories/search.ts'));

const loadBefore = loadavg()[0] ?? 0;
const { ctx, stopCluster } = await openLibrary(args.db as string, Number(args.segments), MEMBERSHIPS);
try {
  const owner = await benchOwner(ctx);
  if (!owner) throw new Error('No bench library yet: run bench/search.bench.ts first');
  const versions: Record<string, SearchService> = {
    [args.base as string]: searchService(
      restructured
        ? {
            ...ctx.repos,
            index: baseModule.searchIndex({
              db: ctx.db,
              kind: ctx.dbKind,
              segments: ctx.repos.transcriptions.findManyWithMeetings,
            }),
          }
        : { ...ctx.repos, search: baseModule.searchRepository(ctx.db, ctx.dbKind) },
    ),
    checkout: ctx.services.search,
  };
  const names = Object.keys(versions);
  const times = Object.fromEntries(
    names.map((n) => [n, { meeting: [] as number[], project: [] as number[], global: [] as number[] }]),
  );
  const project = (service: SearchService, q: string) =>
    service.inProject(owner.userId, owner.projectId, { q, page: 1, limit: 20, groupByMeeting: true });
  const everywhere = (service: SearchService, q: string) => service.everywhere(owner.userId, { q, page: 1, limit: 20 });
  // Every query in every scope, by both versions (which also warms the caches the way a running server has
  // them): the answers must be the same.
  let differing = 0;
  for (const [i, q] of SEARCH_QUERIES.entries()) {
    const scopes = {
      meeting: (service: SearchService) =>
        service.inMeeting(owner.userId, ownMeeting(i * 37), { q, page: 1, limit: 20 }),
      project: (service: SearchService) => project(service, q),
      global: (service: SearchService) => everywhere(service, q),
    };
    for (const [scope, ask] of Object.entries(scopes)) {
      const answers = await Promise.all(
        names.map(async (name) => JSON.stringify(await ask(versions[name] as SearchService))),
      );
      if (new Set(answers).size > 1) {
        differing++;
        console.log(`answers differ: ${scope} "${q}"`);
      }
    }
  }
  console.log(`${SEARCH_QUERIES.length} queries x 3 scopes: ${differing} answers differ`);

  for (let r = 0; r < Number(args.runs); r++) {
    const q = SEARCH_QUERIES[r % SEARCH_QUERIES.length] as string;
    const meetingId = ownMeeting(r * 37);
    for (const name of r % 2 === 0 ? names : [...names].reverse()) {
      const service = versions[name] as SearchService;
      let t = performance.now();
      await service.inMeeting(owner.userId, meetingId, { q, page: 1, limit: 20 });
      times[name]?.meeting.push(performance.now() - t);
      t = performance.now();
      await project(service, q);
      times[name]?.project.push(performance.now() - t);
      t = performance.now();
      await everywhere(service, q);
      times[name]?.global.push(performance.now() - t);
    }
  }
  const show = (list: number[]) => {
    const { p50, p95 } = latency(list);
    return `p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms`;
  };
  console.log(
    `${ctx.dbKind}, ${args.runs} rounds, load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after`,
  );
  for (const name of names) {
    const label = name === 'checkout' ? 'this checkout' : `${args.base} (${commit})`;
    console.log(
      `${label.padEnd(22)} in a meeting ${show(times[name]?.meeting ?? [])}   project ${show(times[name]?.project ?? [])}   global ${show(times[name]?.global ?? [])}`,
    );
  }
} finally {
  await ctx.close();
  stopCluster();
}
