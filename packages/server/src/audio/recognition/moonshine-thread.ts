/**
 * The thread that owns the Moonshine ONNX sessions, so recognition runs in parallel with
 * decoding, VAD and speaker features on the main thread (onnxruntime-node's run() keeps the
 * calling thread busy; without it the pipeline uses one core only).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { MoonshineEngine, type MoonshineSize } from './moonshine.ts';

interface Init {
  size: MoonshineSize;
  modelDir: string;
  threads: number;
  maxTokensPerSecond: number;
}

const init = workerData as Init;
const port = parentPort!;
const ready = MoonshineEngine.create(init.size, init.modelDir, init.threads, init.maxTokensPerSecond);
ready.then(
  () => port.postMessage({ type: 'ready' }),
  (e: unknown) =>
    port.postMessage({
      type: 'load-error',
      name: (e as Error).name,
      message: (e as Error).message,
      missingPath: (e as { missingPath?: string }).missingPath,
    }),
);

port.on('message', async (msg: { id: number; pcm: Float32Array }) => {
  try {
    const engine = await ready;
    const text = await engine.transcribe(msg.pcm);
    port.postMessage({ type: 'result', id: msg.id, text });
  } catch (e) {
    port.postMessage({ type: 'error', id: msg.id, message: (e as Error).message });
  }
});
