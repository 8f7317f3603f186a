import type { Transferable } from 'node:worker_threads';

/**
 * Byte arrays that own their whole memory move between threads instead of being copied: a task's payload
 * going to its thread (an export's pages) and its result coming back, the value itself or one in its
 * fields a few levels down (lib/pages.ts). Arrays are not searched. The sender must not use them after.
 */
export function transferList(result: unknown, depth = 0): Transferable[] {
  if (result instanceof Uint8Array)
    return result.byteOffset === 0 && result.byteLength === result.buffer.byteLength
      ? [result.buffer as ArrayBuffer]
      : [];
  if (depth >= 3 || result === null || typeof result !== 'object' || Array.isArray(result)) return [];
  return Object.values(result).flatMap((value) => transferList(value, depth + 1));
}
