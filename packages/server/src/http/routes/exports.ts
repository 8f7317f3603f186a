import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';

export function exportRoutes(router: Router, ctx: AppContext) {
  router.handle(routes.exportMeeting, async (request, reply) => {
    const file = await ctx.services.exports.exportMeeting(request.userId, request.params.meetingId, request.query);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', file.disposition)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
}
