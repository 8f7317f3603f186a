import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusWordErrorRate, wordErrorRate } from '../../../../../bench/scoring/wer.ts';
import { speechFixtures } from '../../../test/fixtures/audio.ts';
import { decodePcmStream } from '../decoding/ffmpeg.ts';
import { ModelMissingError } from '../model-missing.ts';
import { loadMoonshine, MoonshineEngine, moonshineModelFiles } from './moonshine.ts';

async function readAll(path: string): Promise<Float32Array> {
  const parts: Float32Array[] = [];
  for await (const c of decodePcmStream(path)) parts.push(c);
  const out = new Float32Array(parts.reduce((n, c) => n + c.length, 0));
  let k = 0;
  for (const c of parts) {
    out.set(c, k);
    k += c.length;
  }
  return out;
}

describe('Moonshine tiny', () => {
  it('transcribes jfk.wav almost perfectly', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const jfk = speechFixtures().find((f) => f.id === 'jfk')!;
    const text = await engine.transcribe(await readAll(jfk.path));
    expect(wordErrorRate(jfk.reference, text), text).toBeLessThanOrEqual(0.05);
  });

  it('keeps word error rate low on the LibriVox and cards clips', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const set = speechFixtures().filter((f) => f.speaker === 'librivox' || f.speaker === 'cards');
    const pairs = [];
    for (const f of set)
      pairs.push({ reference: f.reference, hypothesis: await engine.transcribe(await readAll(f.path)) });
    const { wer } = corpusWordErrorRate(pairs);
    expect(wer, JSON.stringify(pairs, null, 1)).toBeLessThan(0.12);
  });

  it('returns nothing for silence and shares one engine per configuration', async () => {
    const a = await loadMoonshine({ size: 'tiny' });
    const b = await loadMoonshine({ size: 'tiny' });
    expect(a).toBe(b);
    expect(await a.transcribe(new Float32Array(800))).toBe('');
  });

  it('names the missing model file', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'parley-nomodel-'));
    const err = await MoonshineEngine.create('tiny', empty, 1, 6).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelMissingError);
    expect((err as Error).message).toContain(moonshineModelFiles('tiny', empty).encoder);
    expect((err as Error).message).toContain('fetch-models');
  });
});
