import { routes, type SummaryStreamEvent, SummaryStreamRequest } from '@parley/contract';
import { AiEngineError } from '../../ai/index.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { KEEP_ALIVE_MS, openEventStream } from '../event-stream.ts';
import type { Router } from '../router.ts';

export function summaryRoutes(router: Router, ctx: AppContext, options: { keepAliveMs?: number } = {}) {
  const { summary } = ctx.services;
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;

  router.handle(routes.summaryStream, async (request, reply) => {
    // Refusals (404, 409) happen here, before the stream starts, as ordinary JSON errors.
    // The body is optional (the page posts none): read here rather than by the route schema.
    const options = SummaryStreamRequest.safeParse(request.body ?? {});
    if (!options.success) {
      const errors = options.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest('Invalid summary options', errors);
    }
    const generation = await summary.begin(
      request.holderId,
      request.params.id,
      request.params.meetingId,
      options.data,
      request.userId,
    );

    const stream = openEventStream(request, reply, keepAliveMs);
    const send = (event: SummaryStreamEvent) => stream.write(`data: ${JSON.stringify(event)}`);
    try {
      const meeting = await generation.run(stream.signal, (content) => send({ type: 'chunk', content }));
      send({ type: 'complete', meeting });
    } catch (error) {
      if (stream.signal.aborted) {
        request.log.info('summary cancelled: the client went away');
      } else if (error instanceof AiEngineError) {
        request.log.warn({ err: error }, 'summary failed');
        send({ type: 'error', message: error.message });
      } else {
        request.log.error({ err: error }, 'summary failed');
        send({ type: 'error', message: 'Failed to generate summary' });
      }
    } finally {
      stream.end();
    }
  });
}
