/**
 * One pass of the live transcript of a recording still being made: decode the recent audio, cut it
 * into phrases at pauses, and recognise them. Phrases followed by a pause are final; the phrase still
 * being said is recognised as it stands and replaced by the next pass.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePcmStream, SAMPLE_RATE } from '../decoding/ffmpeg.ts';
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
  const tail = webmTail(recording, Math.max(0, finalMs - LEAD_MS));
  if (!tail && recording.length > MAX_WHOLE_DECODE_BYTES) return null;
  const { bytes, startMs } = tail ?? { bytes: recording, startMs: 0 };
  const pcm = await decode(bytes, deps.signal);
  if (!pcm) return null;
  const receivedMs = startMs + (pcm.length / SAMPLE_RATE) * 1000;
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
  return { pieces, receivedMs, finalMs: Math.max(finalMs, newFinalMs) };
}

/** The 16 kHz mono audio of a (partial) recording, or null when nothing decodable has arrived yet. */
async function decode(bytes: Uint8Array, signal?: AbortSignal): Promise<Float32Array | null> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-live-'));
  try {
    const path = join(dir, 'recording');
    await writeFile(path, bytes);
    const parts: Float32Array[] = [];
    let total = 0;
    try {
      for await (const part of decodePcmStream(path, { signal })) {
        parts.push(part);
        total += part.length;
      }
    } catch (error) {
      // A recording cut mid-frame decodes up to the cut; one with nothing whole yet is not an error.
      if (total === 0 && !signal?.aborted) return null;
      if (signal?.aborted) throw error;
    }
    const pcm = new Float32Array(total);
    let at = 0;
    for (const part of parts) {
      pcm.set(part, at);
      at += part.length;
    }
    return pcm;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
