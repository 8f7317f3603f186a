/**
 * One pass of the live transcript of a recording still being made: decode the recent audio, cut it
 * into phrases at pauses, and recognise them. Phrases followed by a pause are final; the phrase still
 * being said is recognised as it stands and replaced by the next pass.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePcmStream, SAMPLE_RATE } from '../decoding/ffmpeg.ts';
import { bleedOfStereo } from '../decoding/layout.ts';
import { splitSides } from '../decoding/sides.ts';
import type { AsrEngine } from '../recognition/engine.ts';
import { type SegmenterOptions, type SileroVad, speechPieces } from '../speech/vad.ts';
import { webmTail } from './webm-clusters.ts';

export interface LivePiece {
  startMs: number;
  endMs: number;
  text: string;
  final: boolean;
}

export interface LivePassResult {
  /** Pieces from the previous pass's finalMs on, replacing whatever the last pass said from there. */
  pieces: LivePiece[];
  /** Audio received so far, in ms. */
  receivedMs: number;
  /** Audio up to here has final words; the next pass starts here. */
  finalMs: number;
}

/**
 * Short phrases for quick words, ended at a 0.5 s pause; a phrase is final once that pause (and the
 * piece's padding) lies inside the received audio.
 */
export const LIVE_SEGMENTER: SegmenterOptions = {
  minPieceSeconds: 1.5,
  maxPieceSeconds: 12,
  pauseSeconds: 0.5,
  padSeconds: 0.2,
};
const FINAL_AFTER_MS = 700;
/** Context decoded before the first new phrase (the VAD needs a little audio to settle). */
const LEAD_MS = 500;
/** A recording that is not WebM is decoded whole each pass; past this size the live pass gives up on it. */
export const MAX_WHOLE_DECODE_BYTES = 16 * 1024 * 1024;

export async function livePass(
  recording: Uint8Array,
  finalMs: number,
  deps: { engine: AsrEngine; vad?: SileroVad; signal?: AbortSignal },
): Promise<LivePassResult | null> {
  const decoded = await decodeRecent(recording, finalMs, 1, deps.signal);
  if (!decoded) return null;
  const { pcm, startMs } = decoded;
  const receivedMs = startMs + (pcm.length / SAMPLE_RATE) * 1000;
  return { ...(await recognise(pcm, startMs, receivedMs, finalMs, deps)), receivedMs };
}

export interface LiveSidesResult {
  /** Side 0 (the microphone, left) and side 1 (the call's tab, right), each as a one-mix pass. */
  sides: [Omit<LivePassResult, 'receivedMs'>, Omit<LivePassResult, 'receivedMs'>];
  receivedMs: number;
}

/**
 * A live pass over a call (decision 250): the two channels decoded from the earlier side's final point,
 * each side heard alone with the frames that hold only the other side's bleed silenced (decoding/sides.ts,
 * the bleed measured on this audio), each cut and recognised from its own final point: twice a mix's
 * recognition work.
 */
export async function liveSidesPass(
  recording: Uint8Array,
  finalMs: [number, number],
  deps: { engine: AsrEngine; vad?: SileroVad; signal?: AbortSignal },
): Promise<LiveSidesResult | null> {
  const decoded = await decodeRecent(recording, Math.min(...finalMs), 2, deps.signal);
  if (!decoded) return null;
  const { pcm, startMs, bleed } = decoded;
  const [left, right] = splitSides(pcm, bleed);
  const receivedMs = startMs + (left.heard.length / SAMPLE_RATE) * 1000;
  // mono audio sent as a call (through the API) decodes as two equal sides: its words are heard once, as side 0
  if (sameSamples(left.recorded, right.recorded)) right.heard.fill(0);
  const side0 = await recognise(left.heard, startMs, receivedMs, finalMs[0], deps);
  const side1 = await recognise(right.heard, startMs, receivedMs, finalMs[1], deps);
  return { sides: [side0, side1], receivedMs };
}

function sameSamples(a: Float32Array, b: Float32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The phrases of `pcm` (mono, starting at `startMs` of the recording) from `finalMs` on, recognised:
 * those followed by a pause are final, the one still being said is a first guess.
 */
async function recognise(
  pcm: Float32Array,
  startMs: number,
  receivedMs: number,
  finalMs: number,
  deps: { engine: AsrEngine; vad?: SileroVad; signal?: AbortSignal },
): Promise<Omit<LivePassResult, 'receivedMs'>> {
  const skip = Math.max(0, Math.round(((finalMs - startMs) / 1000) * SAMPLE_RATE));
  const fresh = pcm.subarray(Math.min(skip, pcm.length));
  const offsetMs = startMs + (skip / SAMPLE_RATE) * 1000;

  const pieces: LivePiece[] = [];
  let newFinalMs = finalMs;
  let heldFrom = Number.POSITIVE_INFINITY; // start of the first phrase that is not final yet
  async function* once() {
    yield fresh;
  }
  for await (const piece of speechPieces(once(), { ...LIVE_SEGMENTER, vad: deps.vad, signal: deps.signal })) {
    const startPieceMs = offsetMs + piece.start * 1000;
    const endPieceMs = offsetMs + piece.end * 1000;
    const final = endPieceMs + FINAL_AFTER_MS <= receivedMs;
    if (!final) heldFrom = Math.min(heldFrom, startPieceMs);
    if (!final && endPieceMs - startPieceMs < 800) continue; // too little yet to say anything useful
    const text = (await deps.engine.transcribe(piece.samples, { signal: deps.signal })).trim();
    pieces.push({ startMs: startPieceMs, endMs: endPieceMs, text, final });
    if (final) newFinalMs = endPieceMs;
  }
  // Silence after the last final phrase needs no second look, up to where a phrase may be starting.
  newFinalMs = Math.min(Math.max(newFinalMs, receivedMs - FINAL_AFTER_MS - LEAD_MS), heldFrom);
  return { pieces, finalMs: Math.max(finalMs, newFinalMs) };
}

/**
 * The recording's audio from a little before `fromMs` (from its start when it is not WebM), at 16 kHz
 * with `channels` interleaved, or null when nothing decodable has arrived yet. Two channels come with
 * each side's bleed of the other, measured on this audio as layout.ts measures a file's.
 */
async function decodeRecent(
  recording: Uint8Array,
  fromMs: number,
  channels: 1 | 2,
  signal?: AbortSignal,
): Promise<{ pcm: Float32Array; startMs: number; bleed: [number, number] } | null> {
  const tail = webmTail(recording, Math.max(0, fromMs - LEAD_MS));
  if (!tail && recording.length > MAX_WHOLE_DECODE_BYTES) return null;
  const { bytes, startMs } = tail ?? { bytes: recording, startMs: 0 };
  const dir = await mkdtemp(join(tmpdir(), 'parley-live-'));
  try {
    const path = join(dir, 'recording');
    await writeFile(path, bytes);
    const pcm = await decode(path, channels, signal);
    if (!pcm) return null;
    return { pcm, startMs, bleed: channels === 2 ? bleedOfStereo(pcm, SAMPLE_RATE) : [0, 0] };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The 16 kHz audio of a (partial) recording, or null when nothing decodable has arrived yet. */
async function decode(path: string, channels: 1 | 2, signal?: AbortSignal): Promise<Float32Array | null> {
  const parts: Float32Array[] = [];
  let total = 0;
  try {
    for await (const part of decodePcmStream(path, { signal, channels })) {
      parts.push(part);
      total += part.length;
    }
  } catch (error) {
    // A recording cut mid-frame decodes up to the cut; one with nothing whole yet is not an error.
    if (total === 0 && !signal?.aborted) return null;
    if (signal?.aborted) throw error;
  }
  total -= total % channels;
  const pcm = new Float32Array(total);
  let at = 0;
  for (const part of parts) {
    pcm.set(part.subarray(0, total - at), at);
    at += Math.min(part.length, total - at);
  }
  return pcm;
}
