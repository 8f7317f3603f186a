// Semantic search's own cost in the server: scanning stored vectors by cosine similarity with a
// bounded top-k, inside one meeting and across a whole project, and the process's peak memory.
//   node bench/semantic.bench.ts [--db sqlite|postgres] [--vectors 50000] [--meetings 100] [--dimension 768]
// The library (one user, one project) is built by the first run with random unit vectors (the scan's
// cost does not depend on what the vectors mean) and kept: SQLite in bench/.data/, PostgreSQL in
// DATABASE_URL. Run it a second time to measure: the peak memory then covers the searches only.
// Embedding the query is the embedding server's time and is not included. Figures are printed.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../packages/server/src/config.ts';
import { createContext } from '../packages/server/src/context.ts';
import { embeddingsRepository } from '../packages/server/src/repositories/embeddings.ts';
import { nearest, PAGE_SIZE, SEMANTIC_HITS } from '../packages/server/src/search/semantic/retriever.ts';
import { normalize, toBlob } from '../packages/server/src/search/semantic/vectors.ts';
import { latency } from './search-library.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    vectors: { type: 'string', default: '50000' },
    meetings: { type: 'string', default: '100' },
    dimension: { type: 'string', default: '768' },
    runs: { type: 'string', default: '20' },
  },
});
const VECTORS = Number(args.vectors);
const MEETINGS = Number(args.meetings);
const DIMENSION = Number(args.dimension);
const PER_MEETING = Math.ceil(VECTORS / MEETINGS);
const RUNS = Number(args.runs);
const MODEL = 'bench-model';
const dataDir = join(resolve(import.meta.dirname, '..'), 'bench/.data', `semantic-${args.db}-${VECTORS}-${DIMENSION}`);
mkdirSync(dataDir, { recursive: true });
if (args.db === 'postgres' && !process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');

const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RUN_WORKER: 'false',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const ctx = await createContext(config, pino({ level: 'silent' }));
const { db } = ctx;
const vectors = embeddingsRepository(db, ctx.dbKind);

let seed = 1;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647 - 0.5;
};
const randomVector = () => normalize(Array.from({ length: DIMENSION }, random));

async function ensureLibrary() {
  const existing = await db.selectFrom('users').select('id').where('email', '=', 'semantic@bench').executeTakeFirst();
  if (existing) {
    const project = await db
      .selectFrom('projects')
      .select('id')
      .where('user_id', '=', existing.id)
      .executeTakeFirstOrThrow();
    return { userId: existing.id, projectId: project.id, built: false };
  }
  const userId = (await ctx.repos.users.create({ name: 'Bench', email: 'semantic@bench', passwordHash: null })).id;
  const projectId = (await ctx.services.projects.create(userId, { name: 'Everything' }))._id;
  const at = new Date().toISOString();
  const started = performance.now();
  for (let m = 0; m < MEETINGS; m++) {
    const meetingId = `sem-m-${m}`;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('meetings')
        .values({
          id: meetingId,
          user_id: userId,
          project_id: projectId,
          title: `Meeting ${m}`,
          recording_type: 'upload',
          transcription_status: 'completed',
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      const ids = Array.from({ length: PER_MEETING }, (_, k) => `sem-${m}-${String(k).padStart(5, '0')}`);
      for (let i = 0; i < ids.length; i += 100) {
        const chunk = ids.slice(i, i + 100);
        await trx
          .insertInto('transcriptions')
          .values(
            chunk.map((id, k) => ({
              id,
              user_id: userId,
              meeting_id: meetingId,
              speaker: 'Speaker 1',
              person_id: null,
              text: `segment ${i + k}`,
              is_edited: 0,
              start_ms: (i + k) * 1000,
              end_ms: (i + k) * 1000 + 900,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
        await vectors.upsert(
          trx,
          { userId, meetingId, model: MODEL },
          chunk.map((id) => ({ segmentId: id, hash: id, vector: toBlob(randomVector()), dimension: DIMENSION })),
        );
      }
    });
  }
  console.log(`built ${MEETINGS * PER_MEETING} vectors in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { userId, projectId, built: true };
}

function summary(label: string, times: number[]) {
  const { p50, p95 } = latency(times);
  console.log(`${label.padEnd(44)} p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms`);
}

const { userId, projectId, built } = await ensureLibrary();
console.log(
  `\n${ctx.dbKind}: ${MEETINGS * PER_MEETING} vectors of ${DIMENSION} dimensions, ${MEETINGS} meetings, pages of ${PAGE_SIZE}, top ${SEMANTIC_HITS}\n`,
);
const scan = (scope: Parameters<typeof vectors.pages>[0]) =>
  nearest(vectors.pages(scope, MODEL, DIMENSION, PAGE_SIZE), randomVector(), { k: SEMANTIC_HITS, minSimilarity: -1 });
// The whole scope is compared here (no time limit), to show what the scan costs; the retriever stops at SCAN_BUDGET_MS.

const rssBefore = process.memoryUsage().rss;
await scan({ userId, projectId }); // warm the cache as a running server has it
const meetingTimes: number[] = [];
const projectTimes: number[] = [];
for (let r = 0; r < RUNS; r++) {
  let t = performance.now();
  await scan({ userId, meetingId: `sem-m-${(r * 7) % MEETINGS}` });
  meetingTimes.push(performance.now() - t);
  t = performance.now();
  await scan({ userId, projectId });
  projectTimes.push(performance.now() - t);
}
summary(`in-meeting scan (${PER_MEETING} vectors, ${RUNS} runs)`, meetingTimes);
summary(`project scan (${MEETINGS * PER_MEETING} vectors, ${RUNS} runs)`, projectTimes);
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
console.log(
  `RSS before the scans ${mb(rssBefore)}, peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}${built ? ' (includes building the library: run again for the searches alone)' : ''}; ` +
    `vectors stored ${mb(MEETINGS * PER_MEETING * DIMENSION * 4)}`,
);
await ctx.close();
