import { describe, expect, it } from 'vitest';
import { fft, melFilterbank, mfcc } from './mfcc.ts';

function tone(hz: number, seconds: number, amp = 0.5, sr = 16000): Float32Array {
  const out = new Float32Array(Math.round(seconds * sr));
  for (let i = 0; i < out.length; i++) out[i] = amp * Math.sin((2 * Math.PI * hz * i) / sr);
  return out;
}

describe('fft', () => {
  it('matches a direct DFT', () => {
    const n = 16;
    const x = Array.from({ length: n }, (_, i) => Math.sin(i * 0.7) + 0.3 * Math.cos(i * 2.1));
    const re = Float64Array.from(x);
    const im = new Float64Array(n);
    fft(re, im);
    for (let k = 0; k < n; k++) {
      let r = 0;
      let j = 0;
      for (let t = 0; t < n; t++) {
        r += x[t]! * Math.cos((-2 * Math.PI * k * t) / n);
        j += x[t]! * Math.sin((-2 * Math.PI * k * t) / n);
      }
      expect(re[k]).toBeCloseTo(r, 9);
      expect(im[k]).toBeCloseTo(j, 9);
    }
  });
});

describe('mfcc', () => {
  it('frames 25 ms windows every 10 ms', () => {
    const r = mfcc(tone(440, 1));
    expect(r.frames).toBe(1 + Math.floor((16000 - 400) / 160));
    expect(r.dims).toBe(20);
    expect(r.data.length).toBe(r.frames * 20);
    expect([...r.data].every(Number.isFinite)).toBe(true);
  });

  it('puts a tone in the mel band that covers its frequency', () => {
    const filters = melFilterbank(16000, 512, 40, 60, 7600);
    for (const hz of [300, 1000, 3000]) {
      const bin = Math.round((hz * 512) / 16000);
      const best = filters.map((f) => f[bin]!).reduce((bi, v, i, a) => (v > a[bi]! ? i : bi), 0);
      // band centres grow with frequency
      expect(best).toBeGreaterThan(hz === 300 ? 0 : hz === 1000 ? 6 : 18);
    }
  });

  it('is steady on a steady tone, differs between tones, and ignores loudness except in c0', () => {
    const mean = (x: Float32Array) => {
      const r = mfcc(x);
      const m = new Float64Array(r.dims);
      for (let f = 0; f < r.frames; f++) for (let c = 0; c < r.dims; c++) m[c]! += r.data[f * r.dims + c]! / r.frames;
      return m;
    };
    const low = mean(tone(500, 1, 0.5));
    const lowQuiet = mean(tone(500, 1, 0.05));
    const high = mean(tone(2500, 1, 0.5));
    const dist = (a: Float64Array, b: Float64Array) =>
      Math.sqrt(a.slice(1).reduce((s, v, i) => s + (v - b[i + 1]!) ** 2, 0));
    expect(dist(low, lowQuiet)).toBeLessThan(0.5); // gain only changes c0
    expect(lowQuiet[0]!).toBeLessThan(low[0]! - 5);
    expect(dist(low, high)).toBeGreaterThan(5);
    // frame-to-frame: a steady tone gives nearly the same vector every frame
    const r = mfcc(tone(500, 0.5));
    for (let c = 1; c < r.dims; c++)
      expect(Math.abs(r.data[10 * r.dims + c]! - r.data[30 * r.dims + c]!)).toBeLessThan(1);
  });

  it('returns no frames for audio shorter than one window', () => {
    expect(mfcc(new Float32Array(100)).frames).toBe(0);
  });
});
