import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../../../test/fixtures/audio.ts';
import { transcribeFile } from '../pipeline/pipeline.ts';
import { createRemoteEngine } from './remote-engine.ts';

/**
 * A stand-in for a third-party OpenAI-compatible speech-to-text server (it cannot run here):
 * it parses the multipart request for real and answers verbose_json with two segments per piece,
 * whose text encodes what it received so the test can check the request.
 */
interface Seen {
  auth: string | undefined;
  model: string;
  format: string;
  wavBytes: number;
  wavRate: number;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('remote OpenAI-compatible engine', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  let failNext = 0;

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
        res.writeHead(404).end('not found');
        return;
      }
      if (failNext > 0) {
        failNext--;
        res.writeHead(503).end('busy');
        return;
      }
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type']! },
        body,
      }).formData();
      const file = form.get('file') as File;
      const wav = Buffer.from(await file.arrayBuffer());
      const s: Seen = {
        auth: req.headers.authorization,
        model: String(form.get('model')),
        format: String(form.get('response_format')),
        wavBytes: wav.length,
        wavRate: wav.readUInt32LE(24),
      };
      seen.push(s);
      const seconds = (wav.length - 44) / 2 / s.wavRate;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          text: 'first half second half',
          segments: [
            { id: 0, start: 0, end: seconds / 2, text: ' first half' },
            { id: 1, start: seconds / 2, end: seconds, text: ' second half' },
          ],
        }),
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });

  it('posts a WAV with model and verbose_json, sends the key, and uses the segments', async () => {
    seen.length = 0;
    const engine = createRemoteEngine({ baseUrl: base, apiKey: 'sk-test', model: 'whisper-large' });
    const pcm = new Float32Array(16000 * 4).map((_, i) => 0.1 * Math.sin(i / 5));
    const parts = await engine.transcribeSegments(pcm);
    expect(parts).toEqual([
      { start: 0, end: 2, text: 'first half' },
      { start: 2, end: 4, text: 'second half' },
    ]);
    expect(seen[0]).toEqual({
      auth: 'Bearer sk-test',
      model: 'whisper-large',
      format: 'verbose_json',
      wavBytes: 44 + 16000 * 4 * 2,
      wavRate: 16000,
    });
    expect(await engine.transcribe(pcm)).toBe('first half second half');
  });

  it('works without a key and retries when the server is busy', async () => {
    seen.length = 0;
    failNext = 1;
    const engine = createRemoteEngine({ baseUrl: `${base}/v1/` });
    expect(await engine.transcribe(new Float32Array(16000))).toBe('first half second half');
    expect(seen[0]!.auth).toBeUndefined();
    expect(seen[0]!.model).toBe('whisper-1');
  });

  it('fails with the server status when it keeps failing', async () => {
    failNext = 10;
    const engine = createRemoteEngine({ baseUrl: base, retries: 1 });
    await expect(engine.transcribe(new Float32Array(16000))).rejects.toThrow(/503/);
    failNext = 0;
  });

  it("drives the whole pipeline: segments placed at the pieces' times", async () => {
    const engine = createRemoteEngine({ baseUrl: base });
    const r = await transcribeFile(jfkWavPath(), { engine });
    expect(r.segments.length).toBeGreaterThanOrEqual(2);
    expect(r.segments.map((s) => s.text)).toContain('second half');
    for (let i = 1; i < r.segments.length; i++)
      expect(r.segments[i]!.startTime).toBeGreaterThanOrEqual(r.segments[i - 1]!.startTime);
    expect(r.segments.at(-1)!.endTime).toBeLessThanOrEqual(11.01);
    expect(r.engine).toBe('remote:whisper-1');
  });
});
