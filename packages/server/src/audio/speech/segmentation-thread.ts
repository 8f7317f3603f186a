/**
 * The thread that owns the segmentation model's ONNX session (segmentation-model.ts starts it).
 * onnxruntime-node runs a session on the calling thread: on the main thread each 10 s window held the
 * event loop ~50 ms of CPU (docs/decisions/019), where the API may be serving requests beside the job worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as ort from 'onnxruntime-node';

const port = parentPort!;
// the model's bytes, checked against the shipped sha256 by the thread that started this one
const ready = ort.InferenceSession.create(workerData as Uint8Array, {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
});
ready.then(
  () => port.postMessage({ type: 'ready' }),
  (e: unknown) => port.postMessage({ type: 'load-error', message: (e as Error).message }),
);

port.on('message', async (msg: { id: number; x: Float32Array }) => {
  try {
    const session = await ready;
    const out = await session.run({ x: new ort.Tensor('float32', msg.x, [1, 1, msg.x.length]) });
    port.postMessage({ type: 'result', id: msg.id, y: out.y!.data as Float32Array });
  } catch (e) {
    port.postMessage({ type: 'error', id: msg.id, message: (e as Error).message });
  }
});
