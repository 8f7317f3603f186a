/**
 * Exact scoring of the decoder's best few tokens. The installed decoder projects its hidden state
 * onto the 32,768-token vocabulary with int8 arithmetic (scripts/lib/moonshine-decoder.mjs,
 * docs/decisions/014): fast, but with the hidden state quantized to 8 bits a close call between two
 * tokens can go the other way (base lost 4 of 829 words on the AMI meetings). The few best tokens of
 * that projection are therefore scored again here in float from the same int8 weights, which is what
 * the published model computes: logit(v) = scale · Σ_d hidden[d] · (row_v[d] − zeroPoint).
 */
import { readFileSync } from 'node:fs';

/** Tokens rescored per step: the exact best is among the int8 projection's best few. */
const CANDIDATES = 4;

export interface OutputProjection {
  width: number;
  vocab: number;
  zeroPoint: number;
  /** One row of `width` weights per token. */
  rows: Uint8Array | Int8Array;
}

/** Reads the rows and their numbers as written by scripts/fetch-models.mjs. */
export function loadOutputProjection(files: { rows: string; meta: string }): OutputProjection {
  const meta = JSON.parse(readFileSync(files.meta, 'utf8')) as {
    vocab: number;
    width: number;
    signed: boolean;
    zeroPoint: number;
  };
  const bytes = readFileSync(files.rows);
  if (bytes.length !== meta.vocab * meta.width)
    throw new Error(`${files.rows}: expected ${meta.vocab * meta.width} bytes, found ${bytes.length}`);
  const rows = meta.signed
    ? new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length)
    : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  return { width: meta.width, vocab: meta.vocab, zeroPoint: meta.zeroPoint, rows };
}

/**
 * The best next token: the int8 logits (of the last position, at `offset`) pick the candidates, the
 * hidden state (its last `width` values) scores them exactly. The scale is positive and common to all
 * tokens, so it does not change which is best and is left out.
 */
export function bestToken(logits: Float32Array, offset: number, hidden: Float32Array, p: OutputProjection): number {
  const ids = new Int32Array(CANDIDATES).fill(-1);
  const values = new Float64Array(CANDIDATES).fill(-Infinity);
  for (let v = 0; v < p.vocab; v++) {
    const x = logits[offset + v]!;
    if (x <= values[CANDIDATES - 1]!) continue;
    let k = CANDIDATES - 1;
    while (k > 0 && values[k - 1]! < x) {
      values[k] = values[k - 1]!;
      ids[k] = ids[k - 1]!;
      k--;
    }
    values[k] = x;
    ids[k] = v;
  }
  const h = hidden.subarray(hidden.length - p.width);
  let best = ids[0]!;
  let bestScore = -Infinity;
  for (const id of ids) {
    if (id < 0) continue;
    let score = 0;
    const row = id * p.width;
    for (let d = 0; d < p.width; d++) score += h[d]! * (p.rows[row + d]! - p.zeroPoint);
    if (score > bestScore) {
      bestScore = score;
      best = id;
    }
  }
  return best;
}
