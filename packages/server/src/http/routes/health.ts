import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import { downParts } from '../../services/health.ts';
import type { Router } from '../router.ts';

/** Open to anyone, for load balancers and monitors: 200 when every part is up, 503 when one is down. */
export function healthRoutes(router: Router, ctx: AppContext) {
  router.handle(routes.health, async (_request, reply) => {
    const data = await ctx.services.health.check();
    if (data.status === 'ok') return { success: true, data };
    const down = downParts(data);
    return reply
      .code(503)
      .send({ success: false, message: `Parley is degraded: ${down.join(', ')} unavailable`, data });
  });
}
