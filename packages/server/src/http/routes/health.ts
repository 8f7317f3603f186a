import { success } from '@parley/contract';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { ZodApp } from '../types.ts';

const Health = success(
  z.object({
    status: z.literal('ok'),
    database: z.enum(['sqlite', 'postgres']),
    version: z.string(),
    uptimeSeconds: z.number(),
  }),
);

export function healthRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/api/health', { schema: { tags: ['health'], response: { 200: Health } } }, async () => {
    await sql`select 1`.execute(ctx.db);
    return {
      success: true as const,
      data: {
        status: 'ok' as const,
        database: ctx.dbKind,
        version: '0.1.0',
        uptimeSeconds: Math.round(process.uptime()),
      },
    };
  });
}
