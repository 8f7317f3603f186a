import { type AskCompleteEvent, routes } from '@parley/contract';
import { AiEngineError } from '../../ai/index.ts';
import type { AppContext } from '../../context.ts';
import { KEEP_ALIVE_MS, openEventStream } from '../event-stream.ts';
import type { Router } from '../router.ts';

type AskEvent =
  | { event: 'chunk'; data: { text: string } }
  | { event: 'complete'; data: AskCompleteEvent }
  | { event: 'error'; data: { message: string } };

export function askRoutes(router: Router, ctx: AppContext, options: { keepAliveMs?: number } = {}) {
  const { ask } = ctx.services;
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;

  router.handle(routes.ask, async (request, reply) => {
    // Refusals (400, 404) happen here, before the stream starts, as ordinary JSON errors.
    // A question about one meeting or project is asked of it as any read is: through its members'
    // access (decision 222), then in the rows of its holder. Without either, the caller's own meetings.
    const { meetingId, projectId } = request.body;
    const { access } = ctx.services;
    const granted = meetingId
      ? await access.requireMeeting(request.userId, meetingId, 'project.read')
      : projectId
        ? await access.requireProject(request.userId, projectId, 'project.read')
        : undefined;
    const asked = await ask.begin(granted?.holderId ?? request.userId, request.body);

    const stream = openEventStream(request, reply, keepAliveMs);
    const send = ({ event, data }: AskEvent) => stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}`);
    try {
      const done = await asked.answer(stream.signal, (text) => send({ event: 'chunk', data: { text } }));
      send({ event: 'complete', data: done });
    } catch (error) {
      if (stream.signal.aborted) {
        request.log.info('answer cancelled: the client went away');
      } else if (error instanceof AiEngineError) {
        request.log.warn({ err: error }, 'answer failed');
        send({ event: 'error', data: { message: error.message } });
      } else {
        request.log.error({ err: error }, 'answer failed');
        send({ event: 'error', data: { message: 'Failed to answer the question' } });
      }
    } finally {
      stream.end();
    }
  });
}
