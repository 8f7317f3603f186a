import type { HealthData } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DbKind } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { healthRepository } from '../repositories/health.ts';
import type { AudioStorage } from '../storage/storage.ts';

interface Deps {
  health: ReturnType<typeof healthRepository>;
  dbKind: DbKind;
  queue: JobQueue;
  storage: AudioStorage;
  log: FastifyBaseLogger;
  /** A part that does not answer within this long counts as down, so a monitor always gets a reply. */
  timeoutMs?: number;
}

const VERSION = '0.1.0';

/** Runs `check`, never longer than `ms`; the reason for a failure goes to the log, not to the caller. */
async function probe<T>(part: string, ms: number, log: FastifyBaseLogger, check: () => Promise<T>) {
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  try {
    const value = await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
    return { ok: true as const, value, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    log.warn({ err, part }, 'health check failed');
    return { ok: false as const, latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

export function healthService({ health, dbKind, queue, storage, log, timeoutMs = 3000 }: Deps) {
  return {
    async check(): Promise<HealthData> {
      const [database, jobs, files] = await Promise.all([
        probe('database', timeoutMs, log, () => health.ping()),
        probe('queue', timeoutMs, log, () => queue.check()),
        probe('storage', timeoutMs, log, async () => storage.check?.()),
      ]);
      const allOk = database.ok && jobs.ok && files.ok;
      return {
        status: allOk ? 'ok' : 'degraded',
        version: VERSION,
        uptimeSeconds: Math.round(process.uptime()),
        database: { ok: database.ok, kind: dbKind, latencyMs: database.latencyMs },
        queue: { ok: jobs.ok, kind: queue.kind, ...(jobs.ok ? { pending: jobs.value.pending } : {}) },
        storage: { ok: files.ok, kind: storage.kind ?? 'local' },
      };
    },
  };
}

/** Which parts are down, for the 503 message. */
export function downParts(data: HealthData): string[] {
  return (['database', 'queue', 'storage'] as const).filter((part) => !data[part].ok);
}
