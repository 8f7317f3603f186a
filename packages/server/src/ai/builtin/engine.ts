import type { AiEngine, ExtractedActionItem, NotesInput } from '../types.ts';
import { builtinAnswer } from './answer.ts';

/**
 * What the engine needs of the CPU pool: to run its heavy steps, by the pool's task names (cpu/tasks.ts),
 * off the event loop. Written here so ai/ stays below cpu/, which runs ai/'s functions.
 */
interface TaskOptions {
  owner: string;
  signal: AbortSignal;
}

export interface BuiltinTaskRunner {
  run(task: 'builtinSummary', input: NotesInput, options: TaskOptions): Promise<string>;
  run(task: 'builtinActionItems', input: NotesInput, options: TaskOptions): Promise<ExtractedActionItem[]>;
}

/**
 * The default engine: offline, algorithmic, no model download. No instruction-following model ships in
 * npm or Debian, so it extracts rather than writes (docs/decisions/050-builtin-notes-engine.md). The work
 * runs in the CPU worker threads and stops when the request is cancelled (docs/decisions/100).
 */
export function builtinEngine(cpu: BuiltinTaskRunner): AiEngine {
  return {
    name: 'builtin',
    async *streamSummary(input, { signal, owner }) {
      const markdown = await cpu.run('builtinSummary', input, { owner, signal });
      // Sent a section line at a time, so the page fills in the same way as with a model.
      for (const line of markdown.split(/(?<=\n)/)) {
        signal.throwIfAborted();
        yield line;
      }
    },
    // A few passages quoted: no work worth a thread.
    async *streamAnswer(input, { signal }) {
      for (const line of builtinAnswer(input)) {
        signal.throwIfAborted();
        yield line;
      }
    },
    async extractActionItems(input, { signal, owner, onProgress }) {
      const items = await cpu.run('builtinActionItems', input, { owner, signal });
      onProgress?.(1);
      return items;
    },
  };
}
