// Entry point of a CPU worker thread (cpu/pool.ts): runs one task at a time, as the pool sends them.
import { parentPort, type Transferable } from 'node:worker_threads';
import type { ThreadReply } from './pool.ts';
import { type CpuTaskName, cpuTasks } from './tasks.ts';

const port = parentPort!;

/**
 * Byte arrays that own their whole memory move to the main thread instead of being copied: the result
 * itself, or one in its fields a few levels down (lib/pages.ts). Arrays are not searched.
 */
function transferList(result: unknown, depth = 0): Transferable[] {
  if (result instanceof Uint8Array)
    return result.byteOffset === 0 && result.byteLength === result.buffer.byteLength
      ? [result.buffer as ArrayBuffer]
      : [];
  if (depth >= 3 || result === null || typeof result !== 'object' || Array.isArray(result)) return [];
  return Object.values(result).flatMap((value) => transferList(value, depth + 1));
}

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
