// Transcription jobs per hour with 1 and 2 worker processes, and the peak memory of every process.
// A scaled-out deployment as in docs/deploy.md: one API process (RUN_WORKER=false) and N workers
// (src/worker.ts, what `npm run worker` runs) on one PostgreSQL with JOB_QUEUE=pg-boss, and the
// recordings in an S3-compatible bucket (STORAGE=s3 on s3rver, in this process, as in the scale test). The same short real clips as
// the scale test (3.5 to 11 s of speech) are uploaded; the clock runs from the first upload until
// the last meeting is completed, with the workers already loaded.
// Run: npm run jobs -w @parley/bench [-- --jobs 20 --workers 1,2]
// PostgreSQL: TEST_POSTGRES_URL when set (an admin URL), otherwise a throw-away server started with
// scripts/postgres.sh.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { tempDataDir } from '../packages/server/test/helpers/database.ts';
import { startFakeS3 } from '../packages/server/test/helpers/fake-s3.ts';
import { uploadMeeting } from '../packages/server/test/helpers/uploads.ts';
import { SCALE_CLIPS } from '../packages/server/test/scale/clips.ts';
import {
  type ClusterProcess,
  clusterEnv,
  peakRssMb,
  startProcess,
  stopAll,
} from '../packages/server/test/scale/cluster.ts';

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: { jobs: { type: 'string', default: '20' }, workers: { type: 'string', default: '1,2' } },
});
const jobCount = Number(args.jobs);
const workerCounts = args.workers.split(',').map(Number);
const JWT_SECRET = 'jobs-benchmark-secret-jobs-benchmark-secret-0123';

async function asAdmin(admin: string, statement: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function postJson(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: Record<string, string> };
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

interface Run {
  workers: number;
  seconds: number;
  jobsPerHour: number;
  audioSeconds: number;
  load: [number, number];
  peaks: Array<{ name: string; mb: number }>;
}

async function measure(admin: string, workers: number): Promise<Run> {
  const name = `parley_jobs_bench_${Math.random().toString(36).slice(2, 8)}`;
  await asAdmin(admin, `create database ${name}`);
  const databaseUrl = admin.replace(/\/[^/]*$/, `/${name}`);
  const bucket = await startFakeS3('parley-jobs-bench');
  const dirs: string[] = [];
  const env = () => {
    const dataDir = tempDataDir('parley-jobs-bench-');
    dirs.push(dataDir);
    return clusterEnv({ databaseUrl, dataDir, storageEnv: bucket.env, jwtSecret: JWT_SECRET });
  };
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const processes: ClusterProcess[] = await Promise.all([
      startProcess('api', 'api', env()),
      ...Array.from({ length: workers }, (_, i) => startProcess(`worker-${i + 1}`, 'worker', env())),
    ]);
    const api = processes[0]!;
    const { token } = await postJson(api.url, '/auth/register', {
      name: 'Bench',
      email: 'bench@example.com',
      password: 'benchmark pass',
    });
    const project = await postJson(api.url, '/api/projects', { name: 'Jobs' }, token);
    const load0 = loadavg()[0]!;
    const started = performance.now();
    let audioSeconds = 0;
    for (let i = 0; i < jobCount; i++) {
      const clip = SCALE_CLIPS[i % SCALE_CLIPS.length]!;
      audioSeconds += clip.seconds;
      const res = await uploadMeeting(api.url, token!, project._id!, { path: clip.path });
      if (res.status !== 201) throw new Error(`upload: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    }
    for (;;) {
      const { rows } = await pool.query<{ status: string; n: string }>(
        'select transcription_status as status, count(*) as n from meetings group by 1',
      );
      const count = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
      if (count('failed') > 0) throw new Error(`${count('failed')} meeting(s) failed`);
      if (count('completed') === jobCount) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const peaks = processes.map((p) => ({ name: p.name, mb: peakRssMb(p.pid) }));
    return {
      workers,
      seconds,
      jobsPerHour: (jobCount / seconds) * 3600,
      audioSeconds,
      load: [load0, loadavg()[0]!],
      peaks,
    };
  } finally {
    await stopAll();
    await pool.end();
    await bucket.stop();
    await asAdmin(admin, `drop database if exists ${name} with (force)`);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

let admin = process.env.TEST_POSTGRES_URL;
let pgDir: string | undefined;
if (!admin) {
  const exports = execFileSync('bash', [join(root, 'scripts/postgres.sh'), 'start'], { encoding: 'utf8' });
  pgDir = /PARLEY_PG_DIR=(\S+)/.exec(exports)?.[1];
  admin = /TEST_POSTGRES_URL=(\S+)/.exec(exports)?.[1];
}
try {
  console.log(
    `${jobCount} jobs per run (clips of ${SCALE_CLIPS.map((c) => c.seconds.toFixed(1)).join(', ')} s in turn), ` +
      `${cpus().length} CPUs (${cpus()[0]?.model}), Node ${process.version}`,
  );
  for (const workers of workerCounts) {
    const run = await measure(admin!, workers);
    console.log(
      `${workers} worker(s): ${run.jobsPerHour.toFixed(0)} jobs/hour (${jobCount} jobs, ${run.audioSeconds.toFixed(0)} s of audio, in ${run.seconds.toFixed(1)} s; ` +
        `${(run.audioSeconds / run.seconds).toFixed(1)}x real time); load average ${run.load[0].toFixed(2)} -> ${run.load[1].toFixed(2)}`,
    );
    console.log(`  peak RSS (VmHWM): ${run.peaks.map((p) => `${p.name} ${p.mb.toFixed(0)} MB`).join(', ')}`);
  }
} finally {
  if (pgDir) execFileSync('bash', [join(root, 'scripts/postgres.sh'), 'stop', pgDir]);
}
