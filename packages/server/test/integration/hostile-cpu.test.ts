// Issue 21, the CPU half: what a signed-in user sends never holds the event loop. Each case is the
// reported attack made small enough for the suite; the server must keep answering /api/health meanwhile.
import { TRANSCRIPT_LIMITS } from '@parley/contract';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskEvent } from '../../src/cpu/index.ts';
import { DOCX_LIMITS } from '../../src/exports/docx-bounds.ts';
import { apiClient, expectError } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript } from '../helpers/uploads.ts';

let server: TestServer;
let token: string;
let projectId: string;

beforeAll(async () => {
  // One thread: a cancelled task that went on running would be seen holding it.
  server = await startTestServer({ CPU_WORKER_THREADS: '1' });
  const api = apiClient(server.url);
  token = (await api.register('Attacker')).token;
  projectId = (await api.post('/api/projects', { name: 'Hostile' }, token)).body.data._id;
});
afterAll(() => server.close());

const cue = (i: number, text: string) => {
  const at = (ms: number) => new Date(ms).toISOString().slice(11, 23);
  return `${at(i * 1000)} --> ${at(i * 1000 + 900)}\n${text}\n`;
};
const vttOf = (texts: string[]) => `WEBVTT\n\n${texts.map((text, i) => cue(i, text)).join('\n')}`;

async function importVtt(name: string, text: string) {
  const res = await importTranscript(server.url, token, projectId, { name, text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}

const summaryStream = (meetingId: string, signal?: AbortSignal) =>
  fetch(`${server.url}/api/projects/${projectId}/meetings/${meetingId}/summary/stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    signal,
  });

/** Health, timed: the check wants an answer within a second throughout. */
async function health() {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/health`);
  expect(res.status).toBe(200);
  await res.json();
  return performance.now() - started;
}

/** Asks for health one request after another until `work` settles; the latencies of those answered meanwhile. */
async function healthDuring<T>(work: Promise<T>) {
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  const latencies: number[] = [];
  while (!settled) {
    const ms = await health();
    if (!settled) latencies.push(ms);
  }
  return { result: await done, latencies };
}

describe('the builtin summary of an 8,000-cue import', () => {
  let meetingId: string;
  beforeAll(async () => {
    meetingId = await importVtt('budget.vtt', vttOf(Array(8000).fill('Ann: Budget planning meeting agenda review.')));
  });

  it('runs while /api/health answers, the 409 guard sees the run, and the server lives on', async () => {
    const order: string[] = [];
    const stream = await summaryStream(meetingId);
    expect(stream.status).toBe(200);
    // The stream is open: the generation has begun. Health and a second request now race its end.
    const summary = stream.text().then((text) => {
      order.push('summary');
      return text;
    });
    const healthy = health().then((ms) => order.push('health') && ms);
    const second = summaryStream(meetingId).then(async (res) => {
      order.push('second');
      return { status: res.status, body: await res.json() };
    });
    const [text, , refused] = await Promise.all([summary, healthy, second]);
    expect(order.at(-1)).toBe('summary');
    expect(refused).toEqual({
      status: 409,
      body: { success: false, message: 'A summary is already being generated for this meeting' },
    });
    expect(text).toContain('"type":"complete"');
    // Said 8,000 times, it is one key point.
    const complete = JSON.parse(
      text
        .split('\n')
        .findLast((line) => line.startsWith('data: '))!
        .slice(6),
    );
    expect(complete.meeting.summary.match(/Budget planning meeting agenda review/g)).toHaveLength(1);
    expect(await health()).toBeLessThan(1000);
  });

  it('a closed stream stops its work: the thread is ended and the pool is free', async () => {
    const ended = new Promise<TaskEvent>((resolve) => {
      const off = server.ctx.cpu.onTask((event) => {
        off();
        resolve(event);
      });
    });
    const cancel = new AbortController();
    const stream = await summaryStream(meetingId, cancel.signal);
    expect(stream.status).toBe(200);
    cancel.abort();
    expect(await ended).toMatchObject({ task: 'builtinSummary', outcome: 'cancelled' });
    // Out of the pool at once; its 'exit' comes later, and the next thread waits for it (cpu/pool.ts).
    expect(server.ctx.cpu.stats()).toMatchObject({ threads: 0, busy: 0, queued: 0 });
  });
});

describe('transcript parsing', () => {
  // Just under the line limit, 50 lines each: quadratic patterns took seconds a line.
  const line = (unit: string) => unit.repeat(Math.floor(19_000 / unit.length));

  it.each([
    ['tags.vtt', vttOf(Array(50).fill(line('<')))],
    ['overrides.srt', Array.from({ length: 50 }, (_, i) => `${i + 1}\n${cue(i, line('{\\'))}`).join('\n')],
    ['tags.srt', Array.from({ length: 50 }, (_, i) => `${i + 1}\n${cue(i, line('<'))}`).join('\n')],
  ])('%s of unclosed tags imports while health answers within a second', async (name, text) => {
    const { result, latencies } = await healthDuring(importTranscript(server.url, token, projectId, { name, text }));
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    for (const ms of latencies) expect(ms).toBeLessThan(1000);
  });

  it('refuses a 100 KB cue line with a 400 naming the line', async () => {
    const text = vttOf(['Ann: hello', `Bob: ${'<'.repeat(100_000)}`]);
    const res = await importTranscript(server.url, token, projectId, { name: 'long.vtt', text });
    expectError(res, 400, 'The transcript could not be read. Line 7: the line is longer than 20,000 characters');
    expect(res.body.errors).toEqual([
      { path: 'transcriptFile', message: 'Line 7: the line is longer than 20,000 characters' },
    ]);
  });

  it('refuses a Parley export with more action items than a meeting may hold', async () => {
    const item = { task: 'Send the notes' };
    const text = JSON.stringify({
      format: 'parley.meeting',
      version: 1,
      meeting: { title: 'Items' },
      segments: [{ speaker: 'Ann', text: 'Hello', startTime: 0, endTime: 1000 }],
      actionItems: Array(TRANSCRIPT_LIMITS.maxActionItems + 1).fill(item),
    });
    const res = await importTranscript(server.url, token, projectId, { name: 'items.json', text });
    expectError(res, 400, new RegExp(`more than ${TRANSCRIPT_LIMITS.maxActionItems} action items`));
  });
});

describe('a Word export of a meeting with thousands of action items', () => {
  it('is built in a thread while health answers within a second, and bounded: the rest is named', async () => {
    const segments = Array.from({ length: 500 }, (_, i) => ({
      speaker: `Speaker ${i % 4}`,
      text: `Point ${i}: the budget for the launch needs another review before Friday.`,
      startTime: i * 1000,
      endTime: i * 1000 + 900,
    }));
    const actionItems = Array.from({ length: DOCX_LIMITS.actionItems + 500 }, (_, i) => ({
      task: `Review budget line ${i}`,
      context: 'Ann: the budget needs another review.',
    }));
    const text = JSON.stringify({
      format: 'parley.meeting',
      version: 1,
      meeting: { title: 'Big' },
      segments,
      actionItems,
    });
    const imported = await importTranscript(server.url, token, projectId, { name: 'big.json', text });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const exported = fetch(`${server.url}/api/meetings/${imported.body.data._id}/export?format=docx`, {
      headers: { authorization: `Bearer ${token}` },
    }).then(async (res) => ({ status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) }));
    const { result, latencies } = await healthDuring(exported);
    expect(result.status).toBe(200);
    for (const ms of latencies) expect(ms).toBeLessThan(1000);
    const xml = await (await JSZip.loadAsync(result.bytes)).file('word/document.xml')!.async('string');
    expect(xml).toContain(`Review budget line ${DOCX_LIMITS.actionItems - 1}<`);
    expect(xml).not.toContain(`Review budget line ${DOCX_LIMITS.actionItems}<`);
    expect(xml).toContain('500 more action items: the Markdown and JSON exports hold every one.');
  });
});
