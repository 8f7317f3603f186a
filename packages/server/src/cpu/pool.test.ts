import { afterEach, describe, expect, it } from 'vitest';
import { readPages } from '../lib/pages.ts';
import { type CpuPool, createCpuPool, type TaskEvent, ThreadTaskError } from './index.ts';

const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nAnn: Hello there.\n';
const parse = { fileName: 'a.vtt', text: vtt };
const ann = { owner: 'ann' };

describe('the CPU worker pool', () => {
  let cpu: CpuPool;
  afterEach(() => cpu.close());

  it('runs a task in a thread and keeps the thread for the next one', async () => {
    cpu = createCpuPool({ threads: 2, maxHeapMb: 256 });
    const result = await cpu.run('parseTranscript', parse, ann);
    // The cues came as pages whose memory moved from the thread (lib/pages.ts).
    const pages = result.ok && result.transcript.kind === 'cues' ? [...readPages(result.transcript.segments)] : [];
    expect(pages).toEqual([[{ speaker: 'Ann', text: 'Hello there.', startMs: 1000, endMs: 2000 }]]);
    expect(cpu.stats()).toEqual({ threads: 1, busy: 0, queued: 0, stopping: 0 });
    await cpu.run('parseTranscript', parse, ann);
    expect(cpu.stats().threads).toBe(1);
  });

  it('starts at most its size of threads; the rest wait their turn', async () => {
    cpu = createCpuPool({ threads: 1, maxHeapMb: 256 });
    const both = [cpu.run('parseTranscript', parse, ann), cpu.run('parseTranscript', parse, ann)];
    expect(cpu.stats()).toEqual({ threads: 1, busy: 1, queued: 1, stopping: 0 });
    await Promise.all(both);
    expect(cpu.stats()).toEqual({ threads: 1, busy: 0, queued: 0, stopping: 0 });
  });

  it("one user's tasks leave a thread free: another user's task starts before their later ones", async () => {
    cpu = createCpuPool({ threads: 2, maxHeapMb: 256 });
    // Both threads started first, so what is timed below is the tasks, not a thread's start.
    await Promise.all([cpu.run('parseTranscript', parse, ann), cpu.run('parseTranscript', parse, { owner: 'bob' })]);
    const cue = (i: number) =>
      `00:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000 --> 00:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.500\nAnn: the budget review for the launch is next week.\n`;
    const long = {
      fileName: 'long.vtt',
      text: `WEBVTT\n\n${Array.from({ length: 3000 }, (_, i) => cue(i)).join('\n')}`,
    };
    const finished: string[] = [];
    const annTasks = [1, 2, 3].map((n) => cpu.run('parseTranscript', long, ann).then(() => finished.push(`ann ${n}`)));
    // Ann's first runs; her others wait although a thread is free: it is kept for someone else.
    expect(cpu.stats()).toEqual({ threads: 2, busy: 1, queued: 2, stopping: 0 });
    const bob = cpu.run('parseTranscript', parse, { owner: 'bob' }).then(() => finished.push('bob'));
    expect(cpu.stats()).toEqual({ threads: 2, busy: 2, queued: 2, stopping: 0 });
    await Promise.all([...annTasks, bob]);
    expect(finished).toEqual(['bob', 'ann 1', 'ann 2', 'ann 3']);
  });

  it('the next free thread goes to the waiting user served longest ago: users take turns', async () => {
    // One thread: tasks end in the order they start.
    cpu = createCpuPool({ threads: 1, maxHeapMb: 256 });
    const finished: string[] = [];
    const run = (owner: string, n: number) =>
      cpu.run('parseTranscript', parse, { owner }).then(() => finished.push(`${owner} ${n}`));
    await Promise.all([run('ann', 1), run('ann', 2), run('ann', 3), run('bob', 1), run('bob', 2), run('cy', 1)]);
    expect(finished).toEqual(['ann 1', 'bob 1', 'cy 1', 'ann 2', 'bob 2', 'ann 3']);
  });

  it('a cancelled running task has its thread stopped, and the next task gets a new one', async () => {
    cpu = createCpuPool({ threads: 1, maxHeapMb: 256 });
    const events: TaskEvent[] = [];
    cpu.onTask((event) => events.push(event));
    const cancel = new AbortController();
    const running = cpu.run('parseTranscript', parse, { owner: 'ann', signal: cancel.signal });
    expect(cpu.stats()).toMatchObject({ threads: 1, busy: 1 });
    cancel.abort(new Error('the client went away'));
    await expect(running).rejects.toThrow('the client went away');
    expect(events).toEqual([{ task: 'parseTranscript', outcome: 'cancelled', ms: expect.any(Number) }]);
    // The next task waits for the stopped thread to exit before a thread starts: Node can crash when a
    // thread starts while another is torn down (nodejs/node#56312).
    const next = cpu.run('parseTranscript', parse, ann);
    expect(cpu.stats()).toEqual({ threads: 0, busy: 0, queued: 1, stopping: 1 });
    expect((await next).ok).toBe(true);
    expect(cpu.stats()).toEqual({ threads: 1, busy: 0, queued: 0, stopping: 0 });
  });

  it('a cancelled waiting task leaves the queue without touching the running one', async () => {
    cpu = createCpuPool({ threads: 1, maxHeapMb: 256 });
    const cancel = new AbortController();
    const first = cpu.run('parseTranscript', parse, ann);
    const second = cpu.run('parseTranscript', parse, { owner: 'ann', signal: cancel.signal });
    cancel.abort(new Error('cancelled'));
    await expect(second).rejects.toThrow('cancelled');
    expect(cpu.stats()).toEqual({ threads: 1, busy: 1, queued: 0, stopping: 0 });
    expect((await first).ok).toBe(true);
  });

  it('a task that throws fails alone; the thread serves the next', async () => {
    cpu = createCpuPool({ threads: 1, maxHeapMb: 256 });
    // Not a string: the parser throws a TypeError, which is not a format error.
    const failed = cpu.run('parseTranscript', { fileName: 'a.vtt', text: 42 as unknown as string }, ann);
    await expect(failed).rejects.toBeInstanceOf(ThreadTaskError);
    expect((await cpu.run('parseTranscript', parse, ann)).ok).toBe(true);
  });

  it('a task past the heap limit fails alone and the process lives on', async () => {
    cpu = createCpuPool({ threads: 1, maxHeapMb: 8 });
    const line = `00:00:01.000 --> 00:00:02.000\nAnn: ${'word '.repeat(2000)}\n\n`;
    const huge = { fileName: 'a.vtt', text: `WEBVTT\n\n${line.repeat(5000)}` };
    await expect(cpu.run('parseTranscript', huge, ann)).rejects.toBeInstanceOf(ThreadTaskError);
    expect(cpu.stats()).toEqual({ threads: 0, busy: 0, queued: 0, stopping: 0 });
  });
});
