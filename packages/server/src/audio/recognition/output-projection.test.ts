import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bestToken, loadOutputProjection } from './output-projection.ts';

const moonshineFilesFor = (dir: string) => ({ rows: join(dir, 'rows.bin'), meta: join(dir, 'meta.json') });

describe('exact scoring of the best tokens', () => {
  // three tokens, two dimensions, zero point 10: token 1 is the exact best for this hidden state
  const projection = { width: 2, vocab: 3, zeroPoint: 10, rows: Uint8Array.from([10, 11, 13, 13, 12, 12]) };
  const hidden = Float32Array.from([1, 1]); // exact scores: 0+1=1, 3+3=6, 2+2=4

  it('picks the exact best among the candidates when the int8 logits rank them otherwise', () => {
    const int8Logits = Float32Array.from([0.1, 5.9, 6.0]); // token 2 ahead by a quantization error
    expect(bestToken(int8Logits, 0, hidden, projection)).toBe(1);
  });

  it('reads the logits of the last position and the last hidden state', () => {
    const twoPositions = Float32Array.from([9, 9, 9, 0.1, 5.9, 6.0]);
    const hiddenTwo = Float32Array.from([-5, -5, 1, 1]);
    expect(bestToken(twoPositions, 3, hiddenTwo, projection)).toBe(1);
  });

  it('loads rows written by the install step and refuses a file of the wrong size', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-projection-'));
    const files = moonshineFilesFor(dir);
    writeFileSync(files.meta, JSON.stringify({ vocab: 3, width: 2, signed: false, scale: 0.01, zeroPoint: 10 }));
    writeFileSync(files.rows, Uint8Array.from([10, 11, 13, 13, 12, 12]));
    const loaded = loadOutputProjection(files);
    expect(bestToken(Float32Array.from([0.1, 5.9, 6.0]), 0, hidden, loaded)).toBe(1);
    writeFileSync(files.rows, Uint8Array.from([10, 11, 13]));
    expect(() => loadOutputProjection(files)).toThrow(/expected 6 bytes, found 3/);
  });
});
