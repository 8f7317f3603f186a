import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/**
 * A local HTTP endpoint that records every request (raw body and headers) and answers with the next
 * status of `answers` (then 200). `next(n)` resolves once n requests have arrived.
 */
export async function startWebhookReceiver(answers: number[] = []) {
  const received: ReceivedWebhook[] = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answers.shift() ?? 200;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'failing on purpose');
      for (const w of waiting.filter((w) => received.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Resolves when `count` requests in all have arrived; rejects after `timeoutMs`. */
    next(count: number, timeoutMs = 30_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${received.length} of ${count} webhook requests arrived`)),
          timeoutMs,
        );
        waiting.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
