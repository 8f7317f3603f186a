// The scale test (docs/decisions/097): Parley as a production deployment runs it, several processes on
// one PostgreSQL, and what must hold when one of them dies mid-job. Each process is a real `node`
// process of the code that ships: two API processes (RUN_WORKER=false) and two workers (src/worker.ts,
// what `npm run worker` runs), all on one database.
import { readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranscriber } from '../../src/audio/pipeline/transcriber.ts';
import { loadConfig } from '../../src/config.ts';
import { apiClient } from '../helpers/api.ts';
import { freshDatabaseUrl, tempDataDir } from '../helpers/database.ts';
import { type FakeS3, startFakeS3 } from '../helpers/fake-s3.ts';
import { uploadMeeting } from '../helpers/uploads.ts';
import { SCALE_CLIPS, type ScaleClip } from './clips.ts';
import { type ClusterProcess, clusterEnv, describeOutput, killNow, startProcess, stopAll } from './cluster.ts';

interface Reference {
  text: string;
  startMs: number;
  endMs: number;
}

interface Upload {
  meetingId: string;
  projectId: string;
  clip: ScaleClip;
  owner: number;
}

const UPLOADS = 20;
const JWT_SECRET = 'scale-test-secret-scale-test-secret-0123456789';

let database: { url: string | undefined; drop: () => Promise<void> } | undefined;
let pool: pg.Pool | undefined;
let bucket: FakeS3 | undefined;
const scratchDirs: string[] = [];
let apis: ClusterProcess[] = [];
let workers: ClusterProcess[] = [];
const users: Array<{ token: string; projectId: string }> = [];
const uploads: Upload[] = [];
const references = new Map<string, Reference[]>();

function requirePostgres(): void {
  if (process.env.TEST_DB !== 'postgres' || !process.env.TEST_POSTGRES_URL)
    throw new Error(
      'The scale test runs on PostgreSQL: set TEST_DB=postgres and TEST_POSTGRES_URL (scripts/test.sh starts a server and sets both).',
    );
}

/** What a clean run of the same pipeline, in this process, makes of each clip: the segments to expect. */
async function cleanTranscriptions(): Promise<void> {
  const dir = tempDataDir('parley-scale-ref-');
  scratchDirs.push(dir);
  const config = loadConfig({ DATA_DIR: dir, ASR_THREADS: '1' });
  const transcribe = await createTranscriber(config.transcription, pino({ level: 'silent' }));
  for (const clip of SCALE_CLIPS) {
    const result = await transcribe(clip.path, { onProgress: () => {}, signal: new AbortController().signal });
    references.set(
      clip.id,
      result.segments.map((s) => ({
        text: s.text,
        startMs: Math.round(s.startTime * 1000),
        endMs: Math.round(s.endTime * 1000),
      })),
    );
  }
}

/** Polls a real condition (never a fixed sleep) until it holds or the deadline passes. */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  (await pool!.query<R>(text, values)).rows;

beforeAll(async () => {
  requirePostgres();
  database = await freshDatabaseUrl();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  bucket = await startFakeS3('parley-scale');
  // Every process gets its own DATA_DIR: nothing is shared between processes but PostgreSQL and the bucket.
  const processEnv = () => {
    const dataDir = tempDataDir('parley-scale-proc-');
    scratchDirs.push(dataDir);
    return clusterEnv({ databaseUrl: database!.url!, dataDir, storageEnv: bucket!.env, jwtSecret: JWT_SECRET });
  };
  await cleanTranscriptions();
  // All four start at once on a fresh database: their migrations race, as they would in a rollout.
  const processes = await Promise.all([
    startProcess('api-1', 'api', processEnv()),
    startProcess('api-2', 'api', processEnv()),
    startProcess('worker-1', 'worker', processEnv()),
    startProcess('worker-2', 'worker', processEnv()),
  ]);
  apis = processes.slice(0, 2);
  workers = processes.slice(2);
}, 180_000);

afterAll(async () => {
  await stopAll();
  await pool?.end();
  await bucket?.stop();
  await database?.drop();
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

describe('two API processes and two workers on one PostgreSQL', () => {
  it('takes 20 uploads over both APIs, survives a worker killed mid-job, and transcribes each exactly once', async () => {
    for (let owner = 0; owner < 2; owner++) {
      const api = apiClient(apis[owner]!.url);
      const { token } = await api.register(`Scale User ${owner + 1}`);
      // The project is made on the other API: a sign-in from one process holds on the other.
      const project = await apiClient(apis[1 - owner]!.url).post('/api/projects', { name: 'Scale' }, token);
      expect(project.status, JSON.stringify(project.body)).toBe(201);
      users.push({ token, projectId: project.body.data._id });
    }
    // Longest clips first, so the first jobs the workers take run long enough to be killed mid-way.
    const plan = Array.from({ length: UPLOADS }, (_, i) => SCALE_CLIPS[i % SCALE_CLIPS.length]!).sort(
      (a, b) => b.seconds - a.seconds,
    );
    const upload = async (clip: ScaleClip, i: number) => {
      const owner = i % 2;
      const api = apis[Math.floor(i / 2) % 2]!;
      const { token, projectId } = users[owner]!;
      const res = await uploadMeeting(
        api.url,
        token,
        projectId,
        { path: clip.path },
        {
          title: `${clip.id} #${i}`,
          recordingType: 'upload',
        },
      );
      expect(res.status, `${api.name}: ${JSON.stringify(res.body)}`).toBe(201);
      uploads[i] = { meetingId: res.body.data._id, projectId, clip, owner };
    };
    const firstLong = SCALE_CLIPS.length;
    await Promise.all(plan.slice(0, firstLong).map((clip, i) => upload(clip, i)));
    await Promise.all(plan.slice(firstLong).map((clip, i) => upload(clip, i + firstLong)));

    // A worker holds a job whose meeting is being transcribed: kill that worker there and then. The
    // worker says which job it started (its own log line); pg-boss says the job is active, and the
    // meeting is in 'processing'.
    const victim = await until(
      'a worker to be transcribing a meeting',
      async () => {
        for (const worker of workers) {
          for (const entry of worker.logEntries()) {
            if (entry.msg !== 'job started' || entry.jobName !== 'transcribe-meeting') continue;
            const held = await query<{ meeting_id: string }>(
              `select m.id as meeting_id from pgboss.job j join meetings m on m.id = j.data ->> 'meetingId'
                where j.id = $1::uuid and j.state = 'active' and m.transcription_status = 'processing'`,
              [entry.job],
            );
            if (held[0]) return { worker, meetingId: held[0].meeting_id, jobId: String(entry.job) };
          }
        }
        return undefined;
      },
      120_000,
    );
    const killedAt = new Date();
    await killNow(victim.worker);
    const survivor = workers.find((w) => w !== victim.worker)!;

    const statuses = await until(
      'every meeting to finish',
      async () => {
        const rows = await query<{ id: string; transcription_status: string; transcription_error: string | null }>(
          'select id, transcription_status, transcription_error from meetings',
        );
        const done = rows.filter((r) => r.transcription_status === 'completed' || r.transcription_status === 'failed');
        return done.length === UPLOADS ? rows : undefined;
      },
      240_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${describeOutput(survivor)}`);
    });
    for (const row of statuses) expect(row.transcription_status, row.transcription_error ?? '').toBe('completed');

    // The killed job was taken over by the worker still alive and finished there, after the kill.
    const completedBySurvivor = survivor.logEntries().some((e) => e.msg === 'job completed' && e.job === victim.jobId);
    expect(completedBySurvivor, `job ${victim.jobId} completed by ${survivor.name}\n${describeOutput(survivor)}`).toBe(
      true,
    );
    const rewritten = await query<{ created_at: string }>(
      'select min(created_at) as created_at from transcriptions where meeting_id = $1',
      [victim.meetingId],
    );
    expect(new Date(rewritten[0]!.created_at).getTime()).toBeGreaterThan(killedAt.getTime());

    const duplicates = await query(
      'select meeting_id, start_ms, text, count(*) from transcriptions group by meeting_id, start_ms, text having count(*) > 1',
    );
    expect(duplicates).toEqual([]);
    for (const { meetingId, clip } of uploads) {
      const segments = await query<{ text: string; start_ms: number; end_ms: number }>(
        'select text, start_ms, end_ms from transcriptions where meeting_id = $1 order by start_ms',
        [meetingId],
      );
      const got = segments.map((s) => ({
        text: s.text,
        startMs: Math.round(Number(s.start_ms)),
        endMs: Math.round(Number(s.end_ms)),
      }));
      expect(got, `${clip.id} (meeting ${meetingId})`).toEqual(references.get(clip.id));
    }
  }, 300_000);

  it('plays every recording with Range requests from either API', async () => {
    expect(uploads).toHaveLength(UPLOADS);
    for (const [i, { meetingId, projectId, clip, owner }] of uploads.entries()) {
      const original = readFileSync(clip.path);
      for (const api of apis) {
        const start = 1000 + i;
        const end = start + 4095;
        const res = await fetch(`${api.url}/api/projects/${projectId}/meetings/${meetingId}/audio`, {
          headers: { authorization: `Bearer ${users[owner]!.token}`, range: `bytes=${start}-${end}` },
        });
        expect(res.status, `${api.name} ${clip.id}`).toBe(206);
        expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${original.length}`);
        expect(Buffer.from(await res.arrayBuffer()).equals(original.subarray(start, end + 1))).toBe(true);
        const tail = await fetch(`${api.url}/api/projects/${projectId}/meetings/${meetingId}/audio`, {
          headers: { authorization: `Bearer ${users[owner]!.token}`, range: 'bytes=-500' },
        });
        expect(tail.status).toBe(206);
        expect(Buffer.from(await tail.arrayBuffer()).equals(original.subarray(original.length - 500))).toBe(true);
      }
    }
  });

  it('removes the recordings from the store when meetings and a project are deleted', async () => {
    // Each meeting's recording, by the key the meeting row names: all 20 are in the bucket.
    const keyOf = new Map(
      (await query<{ id: string; audio_key: string }>('select id, audio_key from meetings')).map((r) => [
        r.id,
        r.audio_key,
      ]),
    );
    expect(new Set(keyOf.values()).size).toBe(UPLOADS);
    expect(await bucket!.keys()).toEqual([...keyOf.values()].sort());
    // User 1 deletes three meetings, one by one, on alternating APIs; user 2 deletes the whole project.
    const singly = uploads.filter((u) => u.owner === 0).slice(0, 3);
    for (const [i, u] of singly.entries()) {
      const res = await apiClient(apis[i % 2]!.url).delete(
        `/api/projects/${u.projectId}/meetings/${u.meetingId}`,
        users[0]!.token,
      );
      expect(res.status).toBe(204);
    }
    const dropped = await apiClient(apis[1]!.url).delete(`/api/projects/${users[1]!.projectId}`, users[1]!.token);
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(204);

    const gone = new Set([
      ...singly.map((u) => u.meetingId),
      ...uploads.filter((u) => u.owner === 1).map((u) => u.meetingId),
    ]);
    const kept = uploads.filter((u) => !gone.has(u.meetingId)).map((u) => keyOf.get(u.meetingId)!);
    expect(kept).toHaveLength(UPLOADS - 3 - 10);
    expect(await bucket!.keys()).toEqual(kept.sort());
  });

  it('answers GET /api/health with ok on both APIs', async () => {
    for (const api of apis) {
      const res = await apiClient(api.url).get('/api/health');
      expect(res.status, `${api.name}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'ok',
        database: { ok: true, kind: 'postgres' },
        queue: { ok: true, kind: 'pg-boss' },
        storage: { ok: true, kind: 's3' },
      });
    }
  });
});
