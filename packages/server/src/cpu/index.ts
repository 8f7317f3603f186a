import { type TaskEvent, ThreadPool } from './pool.ts';
import type { CpuTaskName, CpuTasks } from './tasks.ts';

export type { TaskEvent } from './pool.ts';
export { ThreadTaskError } from './pool.ts';

export interface CpuPoolOptions {
  threads: number;
  maxHeapMb: number;
}

/**
 * The one place CPU-heavy work goes (docs/decisions/100-cpu-worker-threads.md): typed by the task table,
 * shared fairly between users (205), cancelled by the caller's signal.
 */
export function createCpuPool(options: CpuPoolOptions) {
  const pool = new ThreadPool(new URL('./thread.ts', import.meta.url), {
    size: options.threads,
    maxHeapMb: options.maxHeapMb,
  });
  return {
    run<K extends CpuTaskName>(
      task: K,
      payload: Parameters<CpuTasks[K]>[0],
      /** `owner`: the user whose task it is; each user has a fair share of the threads (decision 205). */
      options: { owner: string; signal?: AbortSignal },
    ): Promise<Awaited<ReturnType<CpuTasks[K]>>> {
      return pool.run(task, payload, options) as Promise<Awaited<ReturnType<CpuTasks[K]>>>;
    },
    stats: () => pool.stats(),
    onTask: (listener: (event: TaskEvent) => void) => {
      pool.on('task', listener);
      return () => pool.off('task', listener);
    },
    close: () => pool.close(),
  };
}

export type CpuPool = ReturnType<typeof createCpuPool>;
