/**
 * Worker thread that owns the Moonshine ONNX sessions, so recognition runs in parallel with
 * decoding, VAD and speaker features on the main thread (onnxruntime-node's run() keeps the
 * calling thread busy; without a worker the pipeline uses one core only).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { MoonshineEngine, type MoonshineSize } from './moonshine.ts';

interface Init {
  size: MoonshineSize;
  modelDir: string;
  threads: number;
  maxTokensPerSecond: number;
}

const init = workerData as Init;

/**
 * A full collection after each piece. Every decoder step hands back its tensors as new buffers (the
 * cross-attention cache alone is ~1 MB per second of audio for base) that V8 counts only as external
 * memory, so garbage from several pieces piled up to 30-40 MB before V8 collected it. Collecting it
 * per piece keeps the worker's share flat (hour, base: peak RSS about -40 MB; a few ms per piece).
 * `--expose-gc` set at run time exposes gc() to contexts created afterwards.
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
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
    collectGarbage();
  } catch (e) {
    port.postMessage({ type: 'error', id: msg.id, message: (e as Error).message });
  }
});
