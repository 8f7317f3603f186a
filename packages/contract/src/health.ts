import { z } from 'zod';

/**
 * GET /api/health, open to anyone (load balancers, monitors): the state of what Parley depends on,
 * without addresses, paths or messages (docs/decisions/091-health-check.md). 200 when everything is
 * up, 503 with `success: false` when one part is down.
 */
export const HealthData = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number().int().min(0),
  database: z.object({ ok: z.boolean(), kind: z.enum(['sqlite', 'postgres']), latencyMs: z.number().min(0) }),
  queue: z.object({
    ok: z.boolean(),
    kind: z.enum(['database', 'pg-boss']),
    /** Jobs waiting or running; absent when the queue cannot be reached. */
    pending: z.number().int().min(0).optional(),
  }),
  storage: z.object({ ok: z.boolean(), kind: z.string() }),
});
export type HealthData = z.infer<typeof HealthData>;

export const HealthResponse = z.object({
  success: z.boolean(),
  /** With 503: which parts are down, in words. */
  message: z.string().optional(),
  data: HealthData,
});
export type HealthResponse = z.infer<typeof HealthResponse>;
