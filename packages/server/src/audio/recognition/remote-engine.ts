/**
 * Recognition by any OpenAI-compatible speech-to-text server:
 * POST {baseUrl}/v1/audio/transcriptions (multipart: file, model, response_format=verbose_json).
 * Each speech piece is sent as a 16 kHz mono WAV; the reply's `segments` (start, end, text, in
 * seconds from the start of the piece) become transcript segments. API key optional.
 */

import { SAMPLE_RATE } from '../decoding/ffmpeg.ts';
import type { SegmentingAsrEngine } from './engine.ts';

export interface RemoteEngineOptions {
  /** e.g. http://127.0.0.1:8000 (a trailing /v1 is accepted too). */
  baseUrl: string;
  apiKey?: string;
  /** Model name sent to the server; default 'whisper-1'. */
  model?: string;
  /** Optional language hint (ISO 639-1). */
  language?: string;
  /** Per-request timeout; default 120 s. */
  timeoutMs?: number;
  /** Retries on network errors and 429/5xx replies; default 2. */
  retries?: number;
}

export class RemoteAsrError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'RemoteAsrError';
    this.status = status;
  }
}

/** 16-bit PCM WAV bytes for 16 kHz mono float samples. */
export function encodeWav(pcm: Float32Array, sampleRate = SAMPLE_RATE): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(44 + pcm.length * 2);
  const v = new DataView(bytes.buffer);
  const ascii = (off: number, s: string) => {
    for (let i = 0; i < s.length; i++) bytes[off + i] = s.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  v.setUint32(4, 36 + pcm.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  ascii(36, 'data');
  v.setUint32(40, pcm.length * 2, true);
  for (let i = 0; i < pcm.length; i++) {
    const x = Math.max(-1, Math.min(1, pcm[i]!));
    v.setInt16(44 + i * 2, x < 0 ? x * 32768 : x * 32767, true);
  }
  return bytes;
}

interface VerboseJson {
  text?: string;
  segments?: Array<{ start?: number; end?: number; text?: string }>;
}

export function createRemoteEngine(options: RemoteEngineOptions): SegmentingAsrEngine {
  const base = options.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const url = `${base}/v1/audio/transcriptions`;
  const model = options.model ?? 'whisper-1';
  const timeoutMs = options.timeoutMs ?? 120_000;
  const retries = options.retries ?? 2;

  async function request(pcm: Float32Array, signal?: AbortSignal): Promise<VerboseJson> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
      const form = new FormData();
      form.append('file', new Blob([encodeWav(pcm)], { type: 'audio/wav' }), 'piece.wav');
      form.append('model', model);
      form.append('response_format', 'verbose_json');
      if (options.language) form.append('language', options.language);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let res: Response;
      try {
        res = await fetch(url, { method: 'POST', body: form, headers, signal: combined });
      } catch (e) {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : e;
        lastError = new RemoteAsrError(
          `speech-to-text server at ${base} could not be reached: ${(e as Error).message}`,
        );
        await delay(500 * (attempt + 1));
        continue;
      }
      if (res.ok) {
        const body = (await res.json().catch(() => undefined)) as VerboseJson | undefined;
        if (!body || typeof body !== 'object')
          throw new RemoteAsrError(`speech-to-text server at ${base} returned a reply that is not JSON`, res.status);
        return body;
      }
      const detail = (await res.text().catch(() => '')).slice(0, 300);
      lastError = new RemoteAsrError(`speech-to-text server at ${base} answered ${res.status}: ${detail}`, res.status);
      if (res.status !== 429 && res.status < 500) break; // 4xx other than 429: do not retry
      await delay(500 * (attempt + 1));
    }
    throw lastError;
  }

  return {
    name: `remote:${model}`,
    async transcribeSegments(pcm, opts = {}) {
      const body = await request(pcm, opts.signal);
      const duration = pcm.length / SAMPLE_RATE;
      if (Array.isArray(body.segments) && body.segments.length > 0) {
        return body.segments
          .filter((s) => typeof s.text === 'string')
          .map((s) => ({
            start: clamp(Number(s.start ?? 0), 0, duration),
            end: clamp(Number(s.end ?? duration), 0, duration),
            text: s.text!.trim(),
          }))
          .filter((s) => s.text.length > 0);
      }
      const text = (body.text ?? '').trim();
      return text ? [{ start: 0, end: duration, text }] : [];
    },
    async transcribe(pcm, opts = {}) {
      const parts = await this.transcribeSegments(pcm, opts);
      return parts.map((p) => p.text).join(' ');
    },
  };
}

function clamp(x: number, lo: number, hi: number): number {
  return Number.isFinite(x) ? Math.min(hi, Math.max(lo, x)) : lo;
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
