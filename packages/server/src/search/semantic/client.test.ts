import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddingsError, embeddingsClient } from './client.ts';

// The client against a real local HTTP server standing in for the third-party endpoint.
let server: Server | undefined;
async function stop() {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
}
afterEach(stop);

async function endpoint(
  reply: (body: { model: string; input: string[] }) => { status: number; body: unknown } | 'hang',
) {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = reply(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}
const client = (baseUrl: string) => embeddingsClient({ baseUrl, model: 'm', minSimilarity: 0.5 });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(EmbeddingsError);
      return error as EmbeddingsError;
    },
  );

describe('embeddings client', () => {
  it('returns unit vectors in the order of the texts, whatever order the server lists them in', async () => {
    const url = await endpoint(({ input }) => ({
      status: 200,
      body: { data: input.map((_, i) => ({ index: i, embedding: i === 0 ? [3, 4] : [0, 2] })).reverse() },
    }));
    const [a, b] = await client(url).embed(['first', 'second'], { timeoutMs: 2000 });
    expect(Array.from(a!)).toEqual([expect.closeTo(0.6), expect.closeTo(0.8)]);
    expect(Array.from(b!)).toEqual([0, 1]);
  });

  it('says what went wrong, and whether asking again can help', async () => {
    const refused = await endpoint(() => ({ status: 401, body: { error: 'bad key' } }));
    expect(await failure(client(refused).embed(['x'], { timeoutMs: 2000 }))).toMatchObject({
      retryable: false,
      message: expect.stringMatching(/HTTP 401/),
    });
    await stop();

    const busy = await endpoint(() => ({ status: 503, body: {} }));
    expect(await failure(client(busy).embed(['x'], { timeoutMs: 2000 }))).toMatchObject({ retryable: true });
    await stop();

    const wrong = await endpoint(() => ({ status: 200, body: { data: [{ embedding: [1] }, { embedding: [1, 2] }] } }));
    expect((await failure(client(wrong).embed(['x', 'y'], { timeoutMs: 2000 }))).message).toMatch(/different sizes/);
    await stop();

    const silent = await endpoint(() => 'hang');
    expect(await failure(client(silent).embed(['x'], { timeoutMs: 100 }))).toMatchObject({
      retryable: true,
      message: expect.stringMatching(/did not answer within 0.1 s/),
    });
    await stop();

    // Nothing listens on port 9 (discard) here: the connection is refused.
    expect((await failure(client('http://127.0.0.1:9/v1').embed(['x'], { timeoutMs: 2000 }))).message).toMatch(
      /Could not reach the embeddings endpoint/,
    );
  });
});
