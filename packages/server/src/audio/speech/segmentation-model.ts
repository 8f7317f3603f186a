/**
 * The segmentation model in a thread of its own (segmentation-thread.ts), one per process:
 * the main thread posts a window and awaits its log-probabilities, and keeps decoding, Silero and the
 * speaker features going meanwhile. The thread is unref'd while idle, so it never keeps a process alive.
 */
import { Worker } from 'node:worker_threads';

/** Runs the model on one window: x (16 kHz samples) in, y ([frames, 7] log-probabilities) out. */
export interface SegmentationModel {
  run(x: Float32Array): Promise<Float32Array>;
}

export function startSegmentationThread(modelBytes: Uint8Array): Promise<SegmentationModel> {
  const worker = new Worker(new URL('./segmentation-thread.ts', import.meta.url), { workerData: modelBytes });
  const pending = new Map<number, { resolve: (y: Float32Array) => void; reject: (e: Error) => void }>();
  let failure: Error | undefined;
  let nextId = 1;
  const model: SegmentationModel = {
    run(x) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, x }); // copied (640 KB): the caller may reuse its buffer at once
      });
    },
  };
  const fail = (e: Error) => {
    failure ??= e;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  return new Promise((resolve, reject) => {
    worker.on('message', (msg: { type: string; id?: number; y?: Float32Array; message?: string }) => {
      if (msg.type === 'ready') {
        worker.unref();
        resolve(model);
      } else if (msg.type === 'load-error') {
        void worker.terminate();
        reject(new Error(`Speaker segmentation model could not be loaded: ${msg.message}`));
      } else if (msg.id !== undefined) {
        const p = pending.get(msg.id);
        pending.delete(msg.id);
        if (pending.size === 0) worker.unref();
        if (msg.type === 'result') p?.resolve(msg.y!);
        else p?.reject(new Error(`speaker segmentation failed: ${msg.message}`));
      }
    });
    worker.on('error', (e) => {
      fail(e);
      reject(e);
    });
    worker.on('exit', (code) => {
      const e = new Error(`speaker segmentation thread exited (code ${code})`);
      fail(e);
      reject(e);
    });
  });
}
