// A stand-in for a third-party OpenAI-compatible chat-completions server (Ollama, vLLM, OpenAI): a real
// HTTP server on a random port whose answers each test scripts. It is the only fake in these tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content: string }>;
  response_format?: { type: string };
  headers: IncomingMessage['headers'];
}

export type FakeAnswer =
  | { status: number; body: unknown }
  | { content: string }
  | { stream: string[]; holdOpen?: boolean }
  /** Never answers: for timeouts. */
  | { hang: true };

export interface FakeOpenAi {
  baseUrl: string;
  requests: ChatRequest[];
  /** Resolves when a request's connection is closed by the client before the answer ended. */
  aborted: Promise<void>;
  /** Ends every stream held open with `holdOpen`. */
  releaseStreams(): void;
  close(): Promise<void>;
}

export async function startFakeOpenAi(
  answer: (request: ChatRequest, index: number) => FakeAnswer,
): Promise<FakeOpenAi> {
  const requests: ChatRequest[] = [];
  const held: ServerResponse[] = [];
  let signalAborted!: () => void;
  const aborted = new Promise<void>((resolve) => {
    signalAborted = resolve;
  });
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    const request = { ...JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: req.headers } as ChatRequest;
    requests.push(request);
    res.on('close', () => {
      if (!res.writableFinished) signalAborted();
    });
    const reply = answer(request, requests.length - 1);
    if ('hang' in reply) return;
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      return;
    }
    if ('content' in reply) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `cmpl-${requests.length}`,
          object: 'chat.completion',
          created: 0,
          model: request.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content } }],
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const piece of reply.stream) {
      const chunk = {
        id: 'stream',
        object: 'chat.completion.chunk',
        created: 0,
        model: request.model,
        choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
      };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    }
    if (reply.holdOpen) {
      held.push(res);
      return;
    }
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    aborted,
    releaseStreams() {
      for (const res of held.splice(0)) if (!res.destroyed) res.end('data: [DONE]\n\n');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
