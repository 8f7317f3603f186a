/**
 * Transcription through the public API, as a user (and the independent check) gets it: the real server
 * as a child process with its embedded worker and default settings, each file uploaded to a project,
 * polled until transcribed, and its segments read back page by page. Same result shape as the server's
 * transcription function, so a benchmark can score either (meetings.bench.ts --api).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { apiCaller, startServerProcess } from './server-process.ts';

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

/** A file not transcribed in this long fails the run rather than waiting for ever. */
const TRANSCRIBED_WITHIN_MS = 30 * 60_000;

/** `env`: the server's settings beside its defaults (the benchmark passes its model and threads). */
export async function apiTranscriber(env: Record<string, string> = {}): Promise<ApiTranscriber> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-api-bench-'));
  const server = await startServerProcess({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const call = apiCaller(server.base);
  let token: string;
  let project: { _id: string };
  try {
    ({ token } = await call('POST', '/auth/register', undefined, {
      name: 'Bench',
      email: 'bench@example.com',
      password: 'benchmark pass',
    }));
    project = await call('POST', '/api/projects', token, { name: 'Meetings' });
  } catch (err) {
    await server.stop();
    throw err;
  }

  return {
    async transcribe(path) {
      const form = new FormData();
      form.set('title', basename(path));
      form.set('audioFile', new Blob([readFileSync(path)], { type: 'audio/wav' }), basename(path));
      const meeting = await call('POST', `/api/projects/${project._id}/meetings`, token, form);
      const url = `/api/projects/${project._id}/meetings/${meeting._id}`;
      let done = meeting;
      const deadline = Date.now() + TRANSCRIBED_WITHIN_MS;
      while (done.transcriptionStatus !== 'completed') {
        if (done.transcriptionStatus === 'failed') throw new Error(`${path}: transcription failed`);
        if (Date.now() > deadline) throw new Error(`${path}: not transcribed within ${TRANSCRIBED_WITHIN_MS} ms`);
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
      // The meeting's duration is whole seconds; the RTF of a 30 s file moves by ~2% with it.
      return { durationSeconds: done.duration, segments };
    },
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
