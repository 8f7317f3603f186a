import type { FastifyReply, FastifyRequest } from 'fastify';

/** Comments keep proxies and browsers from closing a quiet stream while a slow model thinks. */
export const KEEP_ALIVE_MS = 15_000;

/**
 * Takes the reply over as a text/event-stream (the summary and the answer to a question stream this way).
 * A closed connection (the user left or pressed stop) aborts `signal`; `end()` must be called once done.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, keepAliveMs = KEEP_ALIVE_MS) {
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
  res.on('close', () => {
    if (!res.writableFinished) cancel.abort(new Error('client closed the connection'));
  });
  res.write(': stream open\n\n');
  const keepAlive = setInterval(() => !res.destroyed && res.write(': keep-alive\n\n'), keepAliveMs);
  return {
    signal: cancel.signal,
    /** One event: its `data:` line(s) already formatted by the caller, written unless the client left. */
    write(lines: string) {
      if (!res.destroyed) res.write(`${lines}\n\n`);
    },
    end() {
      clearInterval(keepAlive);
      res.end();
    },
  };
}
