// A stand-in for a third-party OpenAI-compatible embeddings server (OpenAI, Ollama): a real HTTP server
// on a random port. Its vectors are a bag of concepts: each dimension counts the words of one concept
// ("cost" and "budget" and "euros" are all money), so a query and a passage that share no word but
// mean the same thing get similar vectors, and unrelated texts get orthogonal ones, deterministically.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CONCEPTS: Record<string, string[]> = {
  money: [
    'budget',
    'cost',
    'costs',
    'euros',
    'euro',
    'cents',
    'price',
    'expensive',
    'cheap',
    'money',
    'pay',
    'spend',
    'afford',
  ],
  material: ['rubber', 'plastic', 'wood', 'wooden', 'titanium', 'material', 'materials', 'made'],
  style: ['colour', 'colours', 'color', 'colors', 'fancy', 'fashion', 'style', 'stylish', 'look', 'bright'],
  power: ['battery', 'batteries', 'power', 'energy', 'charge', 'charging', 'solar'],
  nation: ['country', 'nation', 'americans', 'fellow', 'homeland', 'patriotism', 'citizens'],
  weather: ['rain', 'sunny', 'weather', 'forecast', 'storm', 'umbrella'],
};
const NAMES = Object.keys(CONCEPTS);

export function conceptVector(text: string): number[] {
  const vector = NAMES.map(() => 0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    NAMES.forEach((name, i) => {
      if (CONCEPTS[name]!.includes(word)) vector[i]! += 1;
    });
  }
  return vector;
}

export interface EmbeddingsRequest {
  model: string;
  input: string[];
  authorization: string | undefined;
}

export interface FakeEmbeddings {
  baseUrl: string;
  requests: EmbeddingsRequest[];
  /** While set, every request is answered with this HTTP status. */
  failWith: number | undefined;
  /**
   * Holds the answers to every request from now until `release`: `arrived` resolves once one is waiting,
   * so a test can change the database while a job waits for its vectors (no sleep).
   */
  hold(): { arrived: Promise<void>; release: () => void };
  close(): Promise<void>;
}

export async function startFakeEmbeddings(): Promise<FakeEmbeddings> {
  let held: { arrived: () => void; released: Promise<void> } | undefined;
  const state: Omit<FakeEmbeddings, 'baseUrl' | 'close'> = {
    requests: [],
    failWith: undefined,
    hold() {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { arrived: arrive, released };
      return {
        arrived,
        release: () => {
          held = undefined;
          release();
        },
      };
    },
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.url !== '/v1/embeddings' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string | string[] };
    const input = Array.isArray(body.input) ? body.input : [body.input];
    state.requests.push({ model: body.model, input, authorization: req.headers.authorization });
    if (held) {
      held.arrived();
      await held.released;
    }
    if (state.failWith) {
      res.writeHead(state.failWith, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'model is loading' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        object: 'list',
        model: body.model,
        data: input.map((text, index) => ({ object: 'embedding', index, embedding: conceptVector(text) })),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
