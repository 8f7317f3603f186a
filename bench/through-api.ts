/**
 * Transcription through the public API, as a user (and the independent check) gets it: the real server
 * as a child process with its embedded worker and default settings, each file uploaded to a project,
 * polled until transcribed, and its segments read back page by page. Same result shape as the server's
 * transcription function, so a benchmark can score either (meetings.bench.ts --api).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startServerProcess } from './server-process.ts';

interface Segment {
  speaker: string;
  startTime: number;
  endTime: number;
  text: string;
}

export interface ApiTranscriber {
  transcribe(path: string): Promise<{ durationSeconds: number; segments: Segment[] }>;
  close(): Promise<void>;
}

export async function apiTranscriber(): Promise<ApiTranscriber> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-api-bench-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && !(body instanceof FormData) && { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const { token } = await call('POST', '/auth/register', undefined, {
    name: 'Bench',
    email: 'bench@example.com',
    password: 'benchmark pass',
  });
  const project = await call('POST', '/api/projects', token, { name: 'Meetings' });

  return {
    async transcribe(path) {
      const form = new FormData();
      form.set('title', basename(path));
      form.set('audioFile', new Blob([readFileSync(path)], { type: 'audio/wav' }), basename(path));
      const meeting = await call('POST', `/api/projects/${project._id}/meetings`, token, form);
      const url = `/api/projects/${project._id}/meetings/${meeting._id}`;
      let done = meeting;
      while (done.transcriptionStatus !== 'completed') {
        if (done.transcriptionStatus === 'failed') throw new Error(`${path}: transcription failed`);
        await new Promise((r) => setTimeout(r, 200));
        done = await call('GET', url, token);
      }
      const segments: Segment[] = [];
      for (let page = 1; ; page++) {
        const { transcriptions, pagination } = await call(
          'GET',
          `/api/meetings/${meeting._id}/transcriptions?limit=200&page=${page}`,
          token,
        );
        // The API gives times in milliseconds; the transcription function in seconds.
        for (const t of transcriptions)
          segments.push({ speaker: t.speaker, startTime: t.startTime / 1000, endTime: t.endTime / 1000, text: t.text });
        if (page >= pagination.pages) break;
      }
      return { durationSeconds: done.duration, segments };
    },
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
