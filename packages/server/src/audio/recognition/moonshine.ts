/**
 * Moonshine speech recognition (Useful Sensors, MIT) on onnxruntime-node, CPU.
 *
 * Model files (quantized ONNX, from the npm tarball of @usefulsensors/moonshine-js@0.1.16, see
 * scripts/fetch-models.mjs): {modelDir}/{tiny|base}/encoder_model.onnx, and the decoder as rewritten at
 * install time so that its output projection runs on int8 weights, decoder_model_merged_int8_head.onnx
 * (scripts/lib/moonshine-decoder.mjs; docs/decisions/014).
 * The vocabulary is Llama's; llama-tokenizer-js decodes it.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import llamaTokenizer from 'llama-tokenizer-js';
import * as ort from 'onnxruntime-node';
import { SAMPLE_RATE } from '../decoding/ffmpeg.ts';
import { ModelMissingError } from '../model-missing.ts';
import type { AsrEngine } from './engine.ts';
import { bestToken, loadOutputProjection, type OutputProjection } from './output-projection.ts';

export type { AsrEngine } from './engine.ts';

export type MoonshineSize = 'tiny' | 'base';

export interface MoonshineOptions {
  /** The server's default is config.ts DEFAULT_MOONSHINE_MODEL. */
  size: MoonshineSize;
  /** Folder holding tiny/ and base/; default <repo>/models/moonshine (the server passes MODELS_DIR/moonshine). */
  modelDir?: string;
  /** ONNX Runtime intra-op threads; default 1 (one recognition per core is the better use of 2 cores). */
  threads?: number;
  /**
   * Upper bound of tokens per second of audio (guards against loops that the n-gram check misses);
   * default 8. Uncapped, tiny produced up to 6.9 tokens/s on short, fast meeting pieces (p90 5.4),
   * so the former 6 cut the last word off 2 of 36 pieces (docs/decisions/013).
   */
  maxTokensPerSecond?: number;
  /**
   * Run recognition in a worker thread (default true): the pipeline then decodes, detects speech and
   * computes speaker features on the main thread while the worker recognises, using both cores.
   */
  worker?: boolean;
}

const SHAPES: Record<MoonshineSize, { layers: number; heads: number; headDim: number }> = {
  tiny: { layers: 6, heads: 8, headDim: 36 },
  base: { layers: 8, heads: 8, headDim: 52 },
};

const START_TOKEN = 1;
const END_TOKEN = 2;

/** Default model folder: <repo root>/models/moonshine (this file is packages/server/src/audio/recognition/). */
export function defaultMoonshineDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, '../../../../../models/moonshine');
}

export function moonshineModelFiles(
  size: MoonshineSize,
  modelDir = defaultMoonshineDir(),
): { encoder: string; decoder: string; projectionRows: string; projectionMeta: string } {
  return {
    encoder: join(modelDir, size, 'encoder_model.onnx'),
    // these three are written by scripts/fetch-models.mjs from the published decoder_model_merged.onnx
    decoder: join(modelDir, size, 'decoder_model_merged_int8_head.onnx'),
    projectionRows: join(modelDir, size, 'decoder_output_projection.bin'),
    projectionMeta: join(modelDir, size, 'decoder_output_projection.json'),
  };
}

const engines = new Map<string, Promise<AsrEngine>>();

/**
 * The Moonshine engine for these options. Sessions are created once per process and shared: calling
 * this again with the same options returns the same engine. Rejects with ModelMissingError (naming
 * the file) when a model file is missing.
 */
export function loadMoonshine(options: MoonshineOptions): Promise<AsrEngine> {
  const size = options.size;
  const modelDir = options.modelDir ?? defaultMoonshineDir();
  const threads = options.threads ?? 1;
  const maxTokensPerSecond = options.maxTokensPerSecond ?? 8;
  const worker = options.worker ?? true;
  const key = `${size}|${modelDir}|${threads}|${maxTokensPerSecond}|${worker}`;
  let e = engines.get(key);
  if (!e) {
    e = worker
      ? WorkerMoonshineEngine.create({ size, modelDir, threads, maxTokensPerSecond })
      : MoonshineEngine.create(size, modelDir, threads, maxTokensPerSecond);
    e.catch(() => engines.delete(key));
    engines.set(key, e);
  }
  return e;
}

function checkModelFiles(size: MoonshineSize, modelDir: string): void {
  if (!(size in SHAPES)) throw new Error(`Unknown Moonshine size "${size}" (expected tiny or base)`);
  const files = moonshineModelFiles(size, modelDir);
  for (const f of [files.encoder, files.decoder, files.projectionRows, files.projectionMeta]) {
    if (!existsSync(f)) {
      throw new ModelMissingError(
        `Moonshine ${size} model file is missing: ${f}. Run "node scripts/fetch-models.mjs" (it extracts the models from the @usefulsensors/moonshine-js npm package) or set MODELS_DIR.`,
        f,
      );
    }
  }
}

/** Moonshine in a thread of its own (see moonshine-thread.ts); the thread is unref'd so it never keeps the process alive. */
export class WorkerMoonshineEngine implements AsrEngine {
  readonly name: string;
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (t: string) => void; reject: (e: Error) => void }>();
  private failure: Error | undefined;

  private constructor(name: string, worker: Worker) {
    this.name = name;
    this.worker = worker;
  }

  static create(init: {
    size: MoonshineSize;
    modelDir: string;
    threads: number;
    maxTokensPerSecond: number;
  }): Promise<WorkerMoonshineEngine> {
    checkModelFiles(init.size, init.modelDir);
    const worker = new Worker(new URL('./moonshine-thread.ts', import.meta.url), { workerData: init });
    const engine = new WorkerMoonshineEngine(`moonshine-${init.size}`, worker);
    return new Promise((resolve, reject) => {
      worker.on(
        'message',
        (msg: { type: string; id?: number; text?: string; message?: string; name?: string; missingPath?: string }) => {
          if (msg.type === 'ready') {
            worker.unref();
            resolve(engine);
          } else if (msg.type === 'load-error') {
            const err =
              msg.name === 'ModelMissingError'
                ? new ModelMissingError(msg.message ?? '', msg.missingPath ?? '')
                : new Error(msg.message);
            void worker.terminate();
            reject(err);
          } else if (msg.id !== undefined) {
            const p = engine.pending.get(msg.id);
            engine.pending.delete(msg.id);
            if (engine.pending.size === 0) worker.unref();
            if (msg.type === 'result') p?.resolve(msg.text ?? '');
            else p?.reject(new Error(`speech recognition failed: ${msg.message}`));
          }
        },
      );
      worker.on('error', (e) => {
        engine.failure = e;
        for (const p of engine.pending.values()) p.reject(e);
        engine.pending.clear();
        reject(e);
      });
      worker.on('exit', (code) => {
        const e = new Error(`speech recognition worker exited (code ${code})`);
        engine.failure ??= e;
        for (const p of engine.pending.values()) p.reject(e);
        engine.pending.clear();
        reject(e);
      });
    });
  }

  transcribe(pcm: Float32Array, options: { signal?: AbortSignal } = {}): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => {
        // the worker finishes the current piece (≤ ~1 s) and its answer is dropped
        this.pending.delete(id);
        reject(signal!.reason instanceof Error ? signal!.reason : new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: (t) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(t);
        },
        reject: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      });
      this.worker.ref();
      this.worker.postMessage({ id, pcm });
    });
  }

  /** Stop the worker (tests and shutdown); the engine cannot be used afterwards. */
  async close(): Promise<void> {
    this.failure ??= new Error('engine closed');
    for (const [key, e] of engines) if ((await e.catch(() => undefined)) === this) engines.delete(key);
    await this.worker.terminate();
  }
}

export class MoonshineEngine implements AsrEngine {
  readonly name: string;
  readonly size: MoonshineSize;
  private readonly encoder: ort.InferenceSession;
  private readonly decoder: ort.InferenceSession;
  private readonly maxTokensPerSecond: number;
  private readonly projection: OutputProjection;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    size: MoonshineSize,
    encoder: ort.InferenceSession,
    decoder: ort.InferenceSession,
    maxTokensPerSecond: number,
    projection: OutputProjection,
  ) {
    this.projection = projection;
    this.size = size;
    this.name = `moonshine-${size}`;
    this.encoder = encoder;
    this.decoder = decoder;
    this.maxTokensPerSecond = maxTokensPerSecond;
  }

  static async create(
    size: MoonshineSize,
    modelDir: string,
    threads: number,
    maxTokensPerSecond: number,
  ): Promise<MoonshineEngine> {
    checkModelFiles(size, modelDir);
    const files = moonshineModelFiles(size, modelDir);
    const opts: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      executionMode: 'sequential',
      // Input lengths vary with every piece, and ORT caches one memory plan per shape: with the plans
      // on, RSS crept up over an hour (peak 585 MB); off, 10 minutes peak 440 MB instead of 476, same speed.
      enableMemPattern: false,
      // No arena: activations are sized by the longest piece so far, and an arena keeps that peak for
      // good; freed, they go back to the allocator.
      enableCpuMemArena: false,
    };
    const [encoder, decoder] = await Promise.all([
      ort.InferenceSession.create(files.encoder, opts),
      ort.InferenceSession.create(files.decoder, opts),
    ]);
    const projection = loadOutputProjection({ rows: files.projectionRows, meta: files.projectionMeta });
    return new MoonshineEngine(size, encoder, decoder, maxTokensPerSecond, projection);
  }

  /** Transcribe one piece (calls are serialised: one recognition at a time per engine). */
  transcribe(pcm: Float32Array, options: { signal?: AbortSignal } = {}): Promise<string> {
    const run = this.queue.then(() => this.run(pcm, options.signal));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private stepFetches: string[] | undefined;

  private cachedStepFetches(layers: number): string[] {
    this.stepFetches ??= [
      'logits',
      'decoder_hidden_state',
      ...Array.from({ length: layers }, (_, l) => [`present.${l}.decoder.key`, `present.${l}.decoder.value`]).flat(),
    ];
    return this.stepFetches;
  }

  /** Token ids (without start/end) for one piece; exposed for tests and benchmarks. */
  async tokens(pcm: Float32Array, signal?: AbortSignal): Promise<number[]> {
    const seconds = pcm.length / SAMPLE_RATE;
    if (seconds < 0.1) return [];
    const { layers, heads, headDim } = SHAPES[this.size];
    const maxLen = Math.max(4, Math.ceil(seconds * this.maxTokensPerSecond));
    const enc = await this.encoder.run({ input_values: new ort.Tensor('float32', pcm, [1, pcm.length]) });
    const hidden = enc.last_hidden_state!;
    const empty = new Float32Array(0);
    let past: Record<string, ort.Tensor> = {};
    for (let l = 0; l < layers; l++) {
      for (const a of ['decoder', 'encoder']) {
        for (const b of ['key', 'value']) {
          past[`past_key_values.${l}.${a}.${b}`] = new ort.Tensor('float32', empty, [1, heads, 0, headDim]);
        }
      }
    }
    const out: number[] = [];
    let token = START_TOKEN;
    const useCacheFalse = new ort.Tensor('bool', new Uint8Array([0]), [1]);
    const useCacheTrue = new ort.Tensor('bool', new Uint8Array([1]), [1]);
    try {
      for (let step = 0; step < maxLen; step++) {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
        const feeds: Record<string, ort.Tensor> = {
          input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(token)]), [1, 1]),
          encoder_hidden_states: hidden,
          use_cache_branch: step > 0 ? useCacheTrue : useCacheFalse,
          ...past,
        };
        // after the first step the cross-attention cache is fixed: fetch only logits and the self-attention cache
        const res =
          step === 0 ? await this.decoder.run(feeds) : await this.decoder.run(feeds, this.cachedStepFetches(layers));
        const logits = res.logits!.data as Float32Array;
        const vocab = res.logits!.dims[2]!;
        const best = bestToken(
          logits,
          logits.length - vocab,
          res.decoder_hidden_state!.data as Float32Array,
          this.projection,
        );
        res.logits!.dispose();
        res.decoder_hidden_state!.dispose();
        if (best === END_TOKEN) break;
        out.push(best);
        token = best;
        if (isLooping(out)) break;
        const next: Record<string, ort.Tensor> = {};
        for (let l = 0; l < layers; l++) {
          for (const b of ['key', 'value']) {
            next[`past_key_values.${l}.decoder.${b}`] = res[`present.${l}.decoder.${b}`]!;
            const encKey = `past_key_values.${l}.encoder.${b}`;
            // the encoder (cross-attention) cache is computed on the first step only
            next[encKey] = step === 0 ? res[`present.${l}.encoder.${b}`]! : past[encKey]!;
          }
        }
        if (step > 0) {
          for (let l = 0; l < layers; l++) {
            for (const b of ['key', 'value']) past[`past_key_values.${l}.decoder.${b}`]!.dispose();
          }
        }
        past = next;
      }
    } finally {
      hidden.dispose();
    }
    return trimLoop(out);
  }

  private async run(pcm: Float32Array, signal?: AbortSignal): Promise<string> {
    const ids = await this.tokens(pcm, signal);
    return decodeTokens(ids);
  }
}

export function decodeTokens(ids: number[]): string {
  if (ids.length === 0) return '';
  return llamaTokenizer.decode(ids, false, true).trim();
}

/** True when the tail of the sequence repeats the same n-gram 4+ times (a greedy-decoding loop). */
function isLooping(ids: number[]): boolean {
  for (let n = 1; n <= 8; n++) {
    const reps = n === 1 ? 8 : n <= 3 ? 5 : 4;
    if (ids.length < n * reps) continue;
    let same = true;
    const end = ids.length;
    for (let r = 1; r < reps && same; r++) {
      for (let k = 0; k < n; k++) {
        if (ids[end - 1 - k] !== ids[end - 1 - k - r * n]) {
          same = false;
          break;
        }
      }
    }
    if (same) return true;
  }
  return false;
}

/** Drop the repeated tail of a looping sequence, keeping one copy of the repeated n-gram. */
function trimLoop(ids: number[]): number[] {
  if (!isLooping(ids)) return ids;
  for (let n = 1; n <= 8; n++) {
    let end = ids.length;
    while (end - 2 * n >= 0) {
      let same = true;
      for (let k = 1; k <= n; k++) {
        if (ids[end - k] !== ids[end - k - n]) {
          same = false;
          break;
        }
      }
      if (!same) break;
      end -= n;
    }
    if (end < ids.length - 2 * n) return ids.slice(0, end);
  }
  return ids;
}
