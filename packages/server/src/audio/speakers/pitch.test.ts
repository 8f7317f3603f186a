import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CODEC2_WAV_DIR, fixtureFfmpeg, oneVoicePath } from '../../../test/fixtures/audio.ts';
import { decimateForPitch, PITCH_BINS, PitchStats, pitchAt } from './pitch.ts';

/** A voiced-like tone: a fundamental with weaker second and third harmonics. */
function voicedTone(hz: number, seconds: number, sr = 16000): Float32Array {
  const out = new Float32Array(Math.round(seconds * sr));
  for (let i = 0; i < out.length; i++) {
    const t = (2 * Math.PI * hz * i) / sr;
    out[i] = 0.3 * Math.sin(t) + 0.2 * Math.sin(2 * t) + 0.1 * Math.sin(3 * t);
  }
  return out;
}

/** A whole recording's pitch, one frame every 20 ms, as the speaker features measure it. */
function pitchOf(samples: Float32Array): PitchStats {
  const low = decimateForPitch(samples);
  const s = new PitchStats();
  for (let c = 200; c < samples.length; c += 320) s.addHz(pitchAt(low, c));
  return s;
}

function decode(path: string): Float32Array {
  const b = execFileSync(fixtureFfmpeg(), ['-v', 'error', '-i', path, '-ac', '1', '-ar', '16000', '-f', 'f32le', '-'], {
    maxBuffer: 1 << 28,
  });
  return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
}

const semitones = (a: number, b: number) => Math.abs(12 * Math.log2(a / b));

describe('pitchAt', () => {
  it('measures tones of known frequency within a tenth of a semitone, across the speaking range', () => {
    for (const hz of [70, 85, 120, 155, 165, 210, 255, 380]) {
      const x = voicedTone(hz, 0.5);
      const f0 = pitchAt(decimateForPitch(x), 4000);
      expect(semitones(f0, hz), `${hz} Hz gave ${f0}`).toBeLessThan(0.1);
    }
  });

  it('calls silence and white noise unvoiced', () => {
    expect(pitchAt(decimateForPitch(new Float32Array(8000)), 4000)).toBe(0);
    let seed = 7;
    const noise = Float32Array.from({ length: 8000 }, () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32 - 0.5;
    });
    expect(pitchAt(decimateForPitch(noise), 4000)).toBe(0);
  });

  it('gives 0 for less audio than one measurement needs (50 ms)', () => {
    expect(pitchAt(decimateForPitch(voicedTone(200, 0.04)), 320)).toBe(0);
  });

  it("puts real men's voices in the male range and a woman's in the female range (codec2-examples)", () => {
    // morig and ve9qrp are men, forig a woman (the codec's reference recordings and a radio amateur)
    const man = pitchOf(decode(`${CODEC2_WAV_DIR}/morig.wav`));
    const radio = pitchOf(decode(oneVoicePath()));
    const woman = pitchOf(decode(`${CODEC2_WAV_DIR}/forig.wav`));
    for (const s of [man, radio, woman]) expect(s.voiced()).toBeGreaterThan(30);
    expect(man.medianHz()).toBeGreaterThan(85);
    expect(man.medianHz()).toBeLessThan(155);
    expect(radio.medianHz()).toBeGreaterThan(75);
    expect(radio.medianHz()).toBeLessThan(155);
    expect(woman.medianHz()).toBeGreaterThan(165);
    expect(woman.medianHz()).toBeLessThan(255);
    expect(semitones(woman.medianHz(), man.medianHz())).toBeGreaterThan(7);
  });
});

describe('PitchStats', () => {
  it('adds histograms and finds their median, robust to a few octave errors', () => {
    const a = new PitchStats();
    for (let i = 0; i < 20; i++) a.addHz(200);
    const b = new PitchStats();
    for (let i = 0; i < 5; i++) b.addHz(100); // octave-down errors
    b.addHz(0); // unvoiced: not counted
    const both = PitchStats.merged([a, b, undefined]);
    expect(both.voiced()).toBe(25);
    expect(semitones(both.medianHz(), 200)).toBeLessThan(1);
    expect(new PitchStats().medianSemitones()).toBeNaN();
    expect(new PitchStats(both.counts).voiced()).toBe(25);
    expect(both.counts.length).toBe(PITCH_BINS);
  });
});
