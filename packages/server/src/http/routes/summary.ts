import { routes, type SummaryStreamEvent } from '@parley/contract';
import { AiEngineError } from '../../ai/index.ts';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';

/** Comments keep proxies and browsers from closing a quiet stream while a slow model thinks. */
export const KEEP_ALIVE_MS = 15_000;

export function summaryRoutes(router: Router, ctx: AppContext, options: { keepAliveMs?: number } = {}) {
  const { summary } = ctx.services;
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;

  router.handle(routes.summaryStream, async (request, reply) => {
    // Refusals (404, 409) happen here, before the stream starts, as ordinary JSON errors.
    const generation = await summary.begin(request.userId, request.params.id, request.params.meetingId);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    const cancel = new AbortController();
    // A closed connection (the user left or pressed stop) cancels the generation and frees the lease.
    res.on('close', () => {
      if (!res.writableFinished) cancel.abort(new Error('client closed the connection'));
    });
    const send = (event: SummaryStreamEvent) => {
      if (!res.destroyed) res.write(`data: ${JSON.stringify(event)}\n\n`);
    };
    res.write(': stream open\n\n');
    const keepAlive = setInterval(() => !res.destroyed && res.write(': keep-alive\n\n'), keepAliveMs);
    try {
      const meeting = await generation.run(cancel.signal, (content) => send({ type: 'chunk', content }));
      send({ type: 'complete', meeting });
    } catch (error) {
      if (cancel.signal.aborted) {
        request.log.info('summary cancelled: the client went away');
      } else if (error instanceof AiEngineError) {
        request.log.warn({ err: error }, 'summary failed');
        send({ type: 'error', message: error.message });
      } else {
        request.log.error({ err: error }, 'summary failed');
        send({ type: 'error', message: 'Failed to generate summary' });
      }
    } finally {
      clearInterval(keepAlive);
      res.end();
    }
  });
}
