// A small pool of threads (Node worker_threads; "worker" in Parley is the job worker, decision 114) for work that takes the CPU for more than a moment (notes, Word
// documents, transcript parsing), so the event loop keeps answering every other request meanwhile.
import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { transferList } from './transfer.ts';

/** What a thread answers for one task: its result, or the error it threw. */
export type ThreadReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { name: string; message: string } };

export interface TaskEvent {
  task: string;
  outcome: 'done' | 'failed' | 'cancelled';
  ms: number;
}

interface Job {
  id: number;
  task: string;
  /** Whose task it is (a user id): threads are shared between owners, not between tasks. */
  owner: string;
  payload: unknown;
  signal: AbortSignal | undefined;
  queuedAt: number;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

export interface ThreadPoolOptions {
  /** Threads at most; they start when work arrives and stay for the next task. */
  size: number;
  /** A thread's heap limit: a task that needs more fails alone instead of taking the process down. */
  maxHeapMb: number;
}

/** A task failed or its thread stopped; the message is the thread's, for the log rather than the user. */
export class ThreadTaskError extends Error {}

/**
 * Runs tasks by name in up to `size` threads started from `script`, shared fairly between the tasks'
 * owners (decision 205): an owner holds at most `size - 1` threads, so one user's tasks never hold every
 * thread while another's wait, and the next task goes to the waiting owner served longest ago (round
 * robin), each owner's own tasks first come first served. A task
 * whose signal aborts leaves the queue, or, when it already runs, has its thread terminated: synchronous
 * work cannot be interrupted any other way. A thread that dies is replaced when the next task arrives,
 * once it has exited: Node can crash the whole process (SIGSEGV) when a thread starts while another is
 * still being torn down (nodejs/node#56312; seen once in CI, decision 100).
 * Emits 'task' (a TaskEvent) as each task ends.
 */
export class ThreadPool extends EventEmitter<{ task: [TaskEvent] }> {
  readonly #script: URL;
  readonly #options: ThreadPoolOptions;
  readonly #slots: Slot[] = [];
  /** The waiting tasks, per owner in arrival order. */
  readonly #queues = new Map<string, Job[]>();
  /** When each owner with tasks waiting or running last had one started (a dispatch count). */
  readonly #lastServed = new Map<string, number>();
  #dispatched = 0;
  /** Threads out of the pool (terminated, failed) whose 'exit' has not come yet. */
  readonly #leaving = new Set<Worker>();
  #nextId = 1;
  #closed = false;

  constructor(script: URL, options: ThreadPoolOptions) {
    super();
    this.#script = script;
    this.#options = options;
  }

  run(task: string, payload: unknown, { owner, signal }: { owner: string; signal?: AbortSignal }): Promise<unknown> {
    if (this.#closed) return Promise.reject(new ThreadTaskError('the thread pool is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const job: Job = {
        id: this.#nextId++,
        task,
        owner,
        payload,
        signal,
        queuedAt: performance.now(),
        resolve,
        reject,
      };
      const onAbort = () => this.#cancel(job);
      signal?.addEventListener('abort', onAbort, { once: true });
      const cleanUp = () => signal?.removeEventListener('abort', onAbort);
      job.resolve = (value) => {
        cleanUp();
        resolve(value);
      };
      job.reject = (reason) => {
        cleanUp();
        reject(reason);
      };
      const queue = this.#queues.get(owner);
      if (queue) queue.push(job);
      else this.#queues.set(owner, [job]);
      this.#dispatch();
    });
  }

  /** Threads in the pool, tasks running, tasks waiting, and threads still stopping. */
  stats() {
    return {
      threads: this.#slots.length,
      busy: this.#slots.filter((slot) => slot.job).length,
      queued: [...this.#queues.values()].reduce((n, queue) => n + queue.length, 0),
      stopping: this.#leaving.size,
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    const waiting = [...this.#queues.values()].flat();
    this.#queues.clear();
    for (const job of waiting) job.reject(new ThreadTaskError('the thread pool is closed'));
    // Threads still stopping are waited for too: the process should not end while one is torn down.
    const workers = [...this.#slots.splice(0).map((slot) => slot.worker), ...this.#leaving];
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  #dispatch() {
    for (let owner = this.#nextOwner(); owner !== null; owner = this.#nextOwner()) {
      const slot = this.#slots.find((s) => s.job === null) ?? (this.#mayStartThread() ? this.#spawn() : null);
      if (!slot) return;
      const queue = this.#queues.get(owner)!;
      const job = queue.shift()!;
      if (queue.length === 0) this.#queues.delete(owner);
      this.#lastServed.set(owner, this.#dispatched++);
      slot.job = job;
      // A busy thread keeps the process alive; an idle one does not hold it open.
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, task: job.task, payload: job.payload }, transferList(job.payload));
    }
  }

  /**
   * The owner whose task starts next: of those with tasks waiting and fewer than `size - 1` running, the
   * one served longest ago (never, first); null when none may start one.
   */
  #nextOwner(): string | null {
    const share = Math.max(1, this.#options.size - 1);
    let next: string | null = null;
    for (const owner of this.#queues.keys()) {
      if (this.#running(owner) >= share) continue;
      if (next === null || (this.#lastServed.get(owner) ?? -1) < (this.#lastServed.get(next) ?? -1)) next = owner;
    }
    // Owners with nothing waiting or running are forgotten: their next task counts as a newcomer's.
    for (const owner of this.#lastServed.keys()) {
      if (!this.#queues.has(owner) && this.#running(owner) === 0) this.#lastServed.delete(owner);
    }
    return next;
  }

  #running(owner: string) {
    return this.#slots.filter((slot) => slot.job?.owner === owner).length;
  }

  /** Room in the pool, and no thread still stopping: its 'exit' dispatches again. */
  #mayStartThread() {
    return this.#slots.length < this.#options.size && this.#leaving.size === 0;
  }

  #spawn(): Slot {
    const worker = new Worker(this.#script, {
      resourceLimits: { maxOldGenerationSizeMb: this.#options.maxHeapMb },
    });
    const slot: Slot = { worker, job: null };
    worker.on('message', (reply: ThreadReply) => {
      const job = slot.job;
      if (!job || reply.id !== job.id) return;
      slot.job = null;
      worker.unref();
      if (reply.ok) this.#settle(job, 'done', () => job.resolve(reply.result));
      else this.#settle(job, 'failed', () => job.reject(new ThreadTaskError(reply.error.message)));
      this.#dispatch();
    });
    // An uncaught error or a heap over the limit ends the thread: its task fails at once, and a
    // replacement may start when the thread has exited.
    const lost = (error: Error) => {
      this.#remove(slot);
      const job = slot.job;
      slot.job = null;
      if (job) this.#settle(job, 'failed', () => job.reject(new ThreadTaskError(error.message, { cause: error })));
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      lost(new Error(`the worker thread stopped (exit code ${code})`));
      this.#leaving.delete(worker);
      if (!this.#closed) this.#dispatch();
    });
    worker.unref();
    this.#slots.push(slot);
    return slot;
  }

  #cancel(job: Job) {
    const queue = this.#queues.get(job.owner) ?? [];
    const queued = queue.indexOf(job);
    const slot = this.#slots.find((s) => s.job === job);
    if (queued >= 0) {
      queue.splice(queued, 1);
      if (queue.length === 0) this.#queues.delete(job.owner);
    } else if (slot) {
      slot.job = null;
      this.#remove(slot);
      void slot.worker.terminate();
    } else return;
    this.#settle(job, 'cancelled', () => job.reject(job.signal!.reason));
  }

  /** Takes a thread out of the pool; it counts as stopping until its 'exit'. */
  #remove(slot: Slot) {
    const index = this.#slots.indexOf(slot);
    if (index < 0) return;
    this.#slots.splice(index, 1);
    this.#leaving.add(slot.worker);
  }

  #settle(job: Job, outcome: TaskEvent['outcome'], finish: () => void) {
    finish();
    this.emit('task', { task: job.task, outcome, ms: Math.round(performance.now() - job.queuedAt) });
  }
}
