// Entry point of a CPU worker thread (cpu/pool.ts): runs one task at a time, as the pool sends them.
import { parentPort } from 'node:worker_threads';
import type { ThreadReply } from './pool.ts';
import { type CpuTaskName, cpuTasks } from './tasks.ts';
import { transferList } from './transfer.ts';

const port = parentPort!;

port.on('message', async ({ id, task, payload }: { id: number; task: CpuTaskName; payload: never }) => {
  let reply: ThreadReply;
  try {
    const run = cpuTasks[task];
    if (!run) throw new Error(`unknown CPU task '${task}'`);
    const result = await run(payload);
    reply = { id, ok: true, result };
    port.postMessage(reply, transferList(result));
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    reply = { id, ok: false, error: { name, message } };
    port.postMessage(reply);
  }
});
