/**
 * ffmpeg location, duration and channel probing, and streamed decoding to 16 kHz PCM (mono, or the two
 * channels of a stereo recording).
 *
 * Everything goes through ffmpeg in a child process; PCM is read from its stdout
 * incrementally so a long file is never held in memory.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { abortError } from '../abort.ts';

export const SAMPLE_RATE = 16000;

export type AudioDecodeErrorCode = 'not_found' | 'no_audio' | 'not_audio' | 'empty' | 'decode_failed';

/** The file could not be decoded as audio. `message` is safe to show to a user; `detail` holds ffmpeg's own words. */
export class AudioDecodeError extends Error {
  readonly code: AudioDecodeErrorCode;
  readonly detail: string;
  constructor(code: AudioDecodeErrorCode, message: string, detail = '') {
    super(message);
    this.name = 'AudioDecodeError';
    this.code = code;
    this.detail = detail;
  }
}

/** ffmpeg could not be found or started at all (a server set-up problem, not a problem with the file). */
export class FfmpegNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FfmpegNotFoundError';
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, fsConstants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

let cachedFfmpeg: string | undefined;
let configuredFfmpeg: string | undefined;

/** Uses this ffmpeg binary (the FFMPEG_PATH setting, read by config.ts) instead of searching for one. */
export function configureFfmpeg(path: string | undefined): void {
  configuredFfmpeg = path;
  cachedFfmpeg = undefined;
}

/**
 * Path of the ffmpeg binary: the configured one (FFMPEG_PATH) if set, else the system's ffmpeg on
 * PATH, else the static binary of @ffmpeg-installer/ffmpeg.
 */
export function findFfmpeg(): string {
  if (cachedFfmpeg) return cachedFfmpeg;
  const candidates: string[] = [];
  if (configuredFfmpeg) candidates.push(configuredFfmpeg);
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir) candidates.push(join(dir, 'ffmpeg'));
  }
  candidates.push('/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg');
  for (const c of candidates) {
    if (isExecutable(c)) {
      cachedFfmpeg = c;
      return c;
    }
  }
  try {
    const require = createRequire(import.meta.url);
    const installer = require('@ffmpeg-installer/ffmpeg') as { path?: string };
    if (installer.path && isExecutable(installer.path)) {
      cachedFfmpeg = installer.path;
      return installer.path;
    }
  } catch {
    // fall through
  }
  throw new FfmpegNotFoundError(
    'ffmpeg was not found: install it (e.g. apt-get install ffmpeg), set FFMPEG_PATH, or install @ffmpeg-installer/ffmpeg',
  );
}

function classifyFailure(stderr: string, path: string): AudioDecodeError {
  const detail = stderr.trim().split('\n').slice(-8).join('\n');
  if (/No such file or directory/i.test(stderr)) {
    return new AudioDecodeError('not_found', 'The audio file does not exist.', detail);
  }
  if (/matches no streams|does not contain any stream|Output file #0 does not contain/i.test(stderr)) {
    return new AudioDecodeError('no_audio', 'The file has no audio track.', detail);
  }
  if (
    /Invalid data found|could not find codec parameters|Invalid argument|moov atom not found|EBML header parsing failed|Unknown input format/i.test(
      stderr,
    )
  ) {
    return new AudioDecodeError(
      'not_audio',
      'The file is not a recognised audio or video format, or it is damaged.',
      detail,
    );
  }
  void path;
  return new AudioDecodeError(
    'decode_failed',
    'The audio in this file could not be decoded; it may be damaged or truncated.',
    detail,
  );
}

/** What ffmpeg reads: the whole file (default), windows of it found by seeking, or bytes given on its stdin. */
export type DecodeInput =
  | { windows: ReadonlyArray<{ start: number; seconds: number }> }
  | { bytes: Uint8Array; format?: string };

/**
 * Arguments that decode the first audio stream of `path` (or of `input`) to raw signed 16-bit
 * little-endian PCM at `sampleRate`, mono (ffmpeg's downmix, (L + R) / 2 for stereo) or two
 * interleaved channels. Windows are one input each (`-ss` before `-i` seeks with the container's
 * index), joined by the concat filter: one process however many windows.
 */
function decodeArgs(path: string, sampleRate: number, channels: 1 | 2, input?: DecodeInput): string[] {
  let inputs: string[] = ['-i', path];
  let map: string[] = ['-map', '0:a:0'];
  if (input && 'bytes' in input) inputs = [...(input.format ? ['-f', input.format] : []), '-i', 'pipe:0'];
  else if (input?.windows.length) {
    inputs = input.windows.flatMap((w) => ['-ss', w.start.toFixed(3), '-t', w.seconds.toFixed(3), '-i', path]);
    const joined = `${input.windows.map((_, i) => `[${i}:a:0]`).join('')}concat=n=${input.windows.length}:v=0:a=1[a]`;
    map = ['-filter_complex', joined, '-map', '[a]'];
  }
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    ...inputs,
    ...map,
    '-vn',
    '-sn',
    '-dn',
    '-ac',
    String(channels),
    '-ar',
    String(sampleRate),
    '-f',
    's16le',
    '-acodec',
    'pcm_s16le',
    'pipe:1',
  ];
}

export interface DecodeOptions {
  signal?: AbortSignal;
  /** Output sample rate; default 16000. */
  sampleRate?: number;
  /** Samples per channel per yielded chunk (the last one may be shorter); default 16000 (1 s at 16 kHz). */
  chunkSamples?: number;
  /**
   * 1 (default): mono. 2: left and right interleaved (L, R, L, R, ...). Only for sources that have
   * two channels: ffmpeg upmixes a mono source at -3 dB on each side (see probeAudioHeader).
   */
  channels?: 1 | 2;
  /** ffmpeg binary; default findFfmpeg(). */
  ffmpegPath?: string;
  /** Decode only these windows of the file, or these bytes instead of the file (see DecodeInput). */
  input?: DecodeInput;
}

/**
 * Stream `path` as 16 kHz mono Int16 PCM chunks. ffmpeg is killed when the consumer stops early,
 * when `signal` aborts, or on error. Rejects with AudioDecodeError when the file is not decodable
 * audio (also when it decodes to no samples at all).
 */
export async function* decodePcmInt16(path: string, options: DecodeOptions = {}): AsyncGenerator<Int16Array> {
  const { signal, sampleRate = SAMPLE_RATE, chunkSamples = 16000, channels = 1 } = options;
  if (signal?.aborted) throw abortError(signal);
  const ffmpegPath = options.ffmpegPath ?? findFfmpeg();
  const { input } = options;
  const child = spawn(ffmpegPath, decodeArgs(path, sampleRate, channels, input), { stdio: ['pipe', 'pipe', 'pipe'] });
  // ffmpeg may stop reading its input before the end (a damaged stream, or the consumer stopped
  // early): the broken pipe is then expected, and ffmpeg's exit status says what went wrong
  child.stdin.on('error', () => {});
  child.stdin.end(input && 'bytes' in input ? input.bytes : undefined);
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => {
    if (stderr.length < 64 * 1024) stderr += d;
  });
  let spawnError: Error | undefined;
  child.on('error', (e) => {
    spawnError = e;
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code) => resolve(code));
  });
  const onAbort = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort, { once: true });

  const chunkValues = chunkSamples * channels;
  const chunkBytes = chunkValues * 2;
  let pending: Buffer = Buffer.alloc(0);
  let total = 0;
  let finished = false;
  try {
    for await (const data of child.stdout as AsyncIterable<Buffer>) {
      if (signal?.aborted) throw abortError(signal);
      pending = pending.length ? Buffer.concat([pending, data]) : data;
      while (pending.length >= chunkBytes) {
        const out = new Int16Array(chunkValues);
        Buffer.from(out.buffer).set(pending.subarray(0, chunkBytes));
        pending = pending.subarray(chunkBytes);
        total += chunkValues;
        yield out;
        if (signal?.aborted) throw abortError(signal);
      }
    }
    const code = await exited;
    if (signal?.aborted) throw abortError(signal);
    if (spawnError) throw new FfmpegNotFoundError(`ffmpeg could not be started (${ffmpegPath}): ${spawnError.message}`);
    if (code !== 0) throw classifyFailure(stderr, path);
    const tailSamples = (pending.length >> 1) - ((pending.length >> 1) % channels);
    if (tailSamples > 0) {
      const out = new Int16Array(tailSamples);
      Buffer.from(out.buffer).set(pending.subarray(0, tailSamples * 2));
      total += tailSamples;
      yield out;
    }
    if (total === 0) throw new AudioDecodeError('empty', 'The file contains no audio samples.', stderr.trim());
    finished = true;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!finished && child.exitCode === null) {
      child.kill('SIGKILL');
    }
  }
}

/** Like decodePcmInt16 but yields Float32 samples in [-1, 1). */
export async function* decodePcmStream(path: string, options: DecodeOptions = {}): AsyncGenerator<Float32Array> {
  for await (const chunk of decodePcmInt16(path, options)) {
    const f = new Float32Array(chunk.length);
    for (let i = 0; i < chunk.length; i++) f[i] = chunk[i]! / 32768;
    yield f;
  }
}

/**
 * Duration of the audio in seconds, measured by decoding the whole first audio stream
 * (so it is right for browser-recorded WebM without a duration header and for VBR MP3).
 * Rejects with AudioDecodeError when the file is not decodable audio.
 */
export async function probeDurationSeconds(
  path: string,
  options: { signal?: AbortSignal; ffmpegPath?: string } = {},
): Promise<number> {
  // Decoding at 8 kHz is enough to count time and halves the resampling and pipe work.
  const rate = 8000;
  let samples = 0;
  for await (const chunk of decodePcmInt16(path, { ...options, sampleRate: rate, chunkSamples: 64000 })) {
    samples += chunk.length;
  }
  return samples / rate;
}

/**
 * From ffmpeg's description of the input (no decoding, a few milliseconds): the number of channels of
 * the first audio stream (1 for mono, 2 for stereo, more for surround layouts) and the duration the
 * container's header states (undefined when it states none, as in the WebM browsers write). Each is
 * undefined when ffmpeg cannot tell (the decoder then reports what is wrong with the file).
 */
export async function probeAudioHeader(
  path: string,
  options: { signal?: AbortSignal; ffmpegPath?: string } = {},
): Promise<{ channels?: number; durationSeconds?: number }> {
  const description = await describeInput(path, options);
  return { channels: channelsFromDescription(description), durationSeconds: durationFromDescription(description) };
}

/** The duration in ffmpeg's input description ("Duration: 01:00:00.01, start: …"); undefined for "N/A". */
export function durationFromDescription(description: string): number | undefined {
  const m = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(description);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
}

/** Sample rate (Hz) of the first audio stream as its header states it, undefined when ffmpeg cannot tell. */
export async function probeSampleRate(
  path: string,
  options: { signal?: AbortSignal; ffmpegPath?: string } = {},
): Promise<number | undefined> {
  return sampleRateFromDescription(await describeInput(path, options));
}

/** ffmpeg's description of the input (stderr of `ffmpeg -i`), empty when ffmpeg cannot start. */
function describeInput(path: string, options: { signal?: AbortSignal; ffmpegPath?: string }): Promise<string> {
  const ffmpegPath = options.ffmpegPath ?? findFfmpeg();
  return new Promise((resolve) => {
    // without an output ffmpeg describes the input on stderr and exits with an error: that is expected
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-i', path], {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal: options.signal,
    });
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      if (err.length < 256 * 1024) err += d;
    });
    child.on('error', () => resolve(''));
    child.on('close', () => resolve(err));
  });
}

/** Sample rate of the first "Audio:" stream in ffmpeg's input description ("…, 48000 Hz, stereo, fltp"). */
export function sampleRateFromDescription(description: string): number | undefined {
  const m = /Stream #\d+:\d+[^\n]*?: Audio: [^\n]*?, (\d+) Hz/.exec(description);
  return m ? Number(m[1]) : undefined;
}

/** Channels of the first "Audio:" stream in ffmpeg's input description ("…, 48000 Hz, stereo, fltp"). */
export function channelsFromDescription(description: string): number | undefined {
  const m = /Stream #\d+:\d+[^\n]*?: Audio: [^\n]*?, \d+ Hz, ([^,\n]+)/.exec(description);
  if (!m) return undefined;
  const layout = m[1]!.trim();
  if (layout === 'mono') return 1;
  if (layout === 'stereo' || layout === 'downmix') return 2;
  const n = /^(\d+) channels?/.exec(layout);
  if (n) return Number(n[1]);
  // named surround layouts: "5.1(side)" holds 6, "quad" 4, "2.1" 3 …
  const dotted = /^(\d+)\.(\d+)/.exec(layout);
  if (dotted) return Number(dotted[1]) + Number(dotted[2]);
  return layout === 'quad' ? 4 : undefined;
}

/**
 * Fast duration estimate from the container's packet timestamps (stream copy, no decoding), also
 * right for WebM without a duration header. For progress reporting only: returns undefined when
 * ffmpeg cannot tell; use probeDurationSeconds for a decoded, validated figure.
 */
export async function estimateDurationSeconds(
  path: string,
  options: { signal?: AbortSignal; ffmpegPath?: string } = {},
): Promise<number | undefined> {
  const ffmpegPath = options.ffmpegPath ?? findFfmpeg();
  return new Promise((resolve) => {
    const child = spawn(
      ffmpegPath,
      [
        '-hide_banner',
        '-nostdin',
        '-v',
        'error',
        '-i',
        path,
        '-map',
        '0:a:0',
        '-c',
        'copy',
        '-f',
        'null',
        '-progress',
        'pipe:1',
        '-nostats',
        '-',
      ],
      { stdio: ['ignore', 'pipe', 'ignore'], signal: options.signal },
    );
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      out = (out + d).slice(-4096);
    });
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => {
      const all = [...out.matchAll(/out_time_us=(\d+)/g)];
      const us = all.length ? Number(all[all.length - 1]![1]) : NaN;
      resolve(code === 0 && Number.isFinite(us) && us > 0 ? us / 1e6 : undefined);
    });
  });
}

/**
 * Quick check for uploads: decodes the first `checkSeconds` of audio (rejecting undecodable files
 * with AudioDecodeError, like probeDurationSeconds) and takes the duration from the audio packets'
 * timestamps without decoding the rest; falls back to a full decode when ffmpeg cannot tell.
 * ~0.3 s for an hour of WebM/Opus where probeDurationSeconds takes ~5-9 s.
 */
export async function checkAudioFile(
  path: string,
  options: { signal?: AbortSignal; ffmpegPath?: string; checkSeconds?: number } = {},
): Promise<{ durationSeconds: number; exact: boolean }> {
  const checkSamples = Math.round((options.checkSeconds ?? 30) * 8000);
  let seen = 0;
  for await (const chunk of decodePcmInt16(path, { ...options, sampleRate: 8000, chunkSamples: 8000 })) {
    seen += chunk.length;
    if (seen >= checkSamples) break; // the generator kills ffmpeg
  }
  if (seen < checkSamples) return { durationSeconds: seen / 8000, exact: true }; // decoded it all
  const estimate = await estimateDurationSeconds(path, options);
  if (estimate !== undefined && estimate >= seen / 8000 - 1) return { durationSeconds: estimate, exact: false };
  return { durationSeconds: await probeDurationSeconds(path, options), exact: true };
}
