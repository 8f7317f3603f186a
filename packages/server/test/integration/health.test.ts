import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HealthResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// GET /api/health with no sign-in, over each queue this database can run (pg-boss needs PostgreSQL).
const QUEUES = process.env.TEST_DB === 'postgres' ? (['database', 'pg-boss'] as const) : (['database'] as const);
const DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

describe.each(QUEUES)('GET /api/health with the %s queue', (queue) => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    server = await startTestServer({ JOB_QUEUE: queue });
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  /** Secrets and addresses a health reply must never show. */
  function expectNothingPrivate(body: unknown) {
    const text = JSON.stringify(body);
    const { config } = server.ctx;
    expect(text).not.toContain(config.dataDir);
    expect(text).not.toContain(config.jwt.secret);
    if (config.database.kind === 'postgres') expect(text).not.toContain(new URL(config.database.url).host);
  }

  it('answers 200 with every part up, without signing in', async () => {
    const began = performance.now();
    const res = await api.get('/api/health');
    const roundTripMs = performance.now() - began;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data, success } = expectSchema(HealthResponse, res.body);
    expect(success).toBe(true);
    expect(data).toMatchObject({
      status: 'ok',
      database: { ok: true, kind: DB_KIND },
      queue: { ok: true, kind: queue },
      storage: { ok: true, kind: 'local' },
    });
    // The database's answer is timed inside the request; nothing is queued on a server nobody has used.
    expect(data.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(data.database.latencyMs).toBeLessThanOrEqual(roundTripMs);
    expect(data.queue.pending).toBe(0);
    expectNothingPrivate(res.body);
  });

  it('answers 503 naming the part that is down when recordings cannot be stored, and 200 again once they can', async () => {
    // Recordings go to DATA_DIR/audio; a file in its place makes every write there fail, even as root.
    const audio = join(server.ctx.config.dataDir, 'audio');
    mkdirSync(audio, { recursive: true });
    renameSync(audio, `${audio}.away`);
    writeFileSync(audio, 'not a directory');
    try {
      const res = await api.get('/api/health');
      expect(res.status).toBe(503);
      const body = expectSchema(HealthResponse, res.body);
      expect(body).toMatchObject({
        success: false,
        message: 'Parley is degraded: storage unavailable',
        data: {
          status: 'degraded',
          database: { ok: true },
          queue: { ok: true },
          storage: { ok: false, kind: 'local' },
        },
      });
      expectNothingPrivate(res.body);
    } finally {
      rmSync(audio);
      renameSync(`${audio}.away`, audio);
    }
    expect((await api.get('/api/health')).status).toBe(200);
  });
});

describe('GET /api/health when a part is down or busy', () => {
  it('counts the jobs waiting for a worker (database queue)', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    const api = apiClient(server.url);
    const before = (await api.get('/api/health')).body.data.queue.pending;
    const { token, projectId } = await api.registerWithProject('Health');
    expect((await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() })).status).toBe(201);
    expect((await api.get('/api/health')).body.data.queue.pending).toBe(before + 1);
  });

  it('answers 503 with the database and the database-backed queue down', async () => {
    const server = await startTestServer();
    try {
      await server.ctx.db.destroy();
      const res = await apiClient(server.url).get('/api/health');
      expect(res.status).toBe(503);
      expect(expectSchema(HealthResponse, res.body)).toMatchObject({
        success: false,
        message: 'Parley is degraded: database, queue unavailable',
        data: { status: 'degraded', database: { ok: false }, queue: { ok: false }, storage: { ok: true } },
      });
    } finally {
      await server.close();
    }
  });
});

// pg-boss needs PostgreSQL: this suite joins the PostgreSQL run (the suite runs on both databases),
// registered only there so the SQLite run reports nothing skipped.
if (process.env.TEST_DB === 'postgres') {
  describe('GET /api/health with pg-boss stopped', () => {
    it('answers 503 when the queue is down', async () => {
      const server = await startTestServer({ JOB_QUEUE: 'pg-boss' });
      onTestFinished(() => server.close());
      const api = apiClient(server.url);
      await server.ctx.queue.close();
      const res = await api.get('/api/health');
      expect(res.status).toBe(503);
      expect(expectSchema(HealthResponse, res.body)).toMatchObject({
        success: false,
        message: 'Parley is degraded: queue unavailable',
        data: { database: { ok: true }, queue: { ok: false, kind: 'pg-boss' }, storage: { ok: true } },
      });
      expect(res.body.data.queue.pending).toBeUndefined();
    });
  });
}
