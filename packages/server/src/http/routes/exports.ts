import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import { clientClosed } from '../../lib/errors.ts';
import type { Router } from '../router.ts';

export function exportRoutes(router: Router, ctx: AppContext) {
  router.handle(routes.exportMeeting, async (request, reply) => {
    // A client that goes away stops a Word document being built for nobody.
    const gone = new AbortController();
    const onClose = () => reply.raw.writableFinished || gone.abort(clientClosed());
    reply.raw.once('close', onClose);
    const file = await ctx.services.exports
      .exportMeeting(
        request.holderId,
        request.params.meetingId,
        request.query,
        `${request.protocol}://${request.host}`,
        request.userId,
        gone.signal,
      )
      .finally(() => reply.raw.off('close', onClose));
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', file.disposition)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
}
