import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFfmpeg, fixtureTempDir, jfkWavPath } from '../../../test/fixtures/audio.ts';
import { LevelMeter, measureLevel, vadGainFor } from './level.ts';

const dir = fixtureTempDir('parley-level-');

describe('LevelMeter', () => {
  it('reports energy percentiles of 32 ms frames in dBFS', () => {
    const meter = new LevelMeter();
    // 90 frames of a -20 dBFS sine (amplitude 0.1414: mean square 0.01), then 10 frames of silence
    const sine = Float32Array.from({ length: 256 * 90 }, (_, i) => 0.1414 * Math.sin((2 * Math.PI * 440 * i) / 8000));
    meter.push(sine);
    meter.push(new Float32Array(256 * 10));
    expect(meter.percentile(0.99)).toBeCloseTo(-20, 0);
    expect(meter.percentile(0.05)).toBeLessThan(-100);
    expect(new LevelMeter().percentile(0.5)).toBeUndefined();
  });
});

describe('vadGainFor', () => {
  it('raises quiet recordings to the target, never lowers loud ones, and never lifts the background past the ceiling', () => {
    expect(vadGainFor({ speechDb: -55, floorDb: -100 })).toBeCloseTo(10, 5); // 20 dB up to -35
    expect(vadGainFor({ speechDb: -30, floorDb: -70 })).toBe(1); // an ordinary recording stays as it is
    expect(vadGainFor({ speechDb: -55, floorDb: -60 })).toBeCloseTo(10 ** (10 / 20), 5); // the floor may rise 10 dB only
    expect(vadGainFor({ speechDb: -90, floorDb: -130 })).toBe(32);
    expect(vadGainFor(undefined)).toBe(1);
  });

  it('measures a real recording and the same recording 40 dB down 40 dB apart', async () => {
    const quiet = join(dir, 'jfk-40db.wav');
    execFileSync(fixtureFfmpeg(), ['-v', 'error', '-y', '-i', jfkWavPath(), '-af', 'volume=-40dB', quiet]);
    const loud = (await measureLevel(jfkWavPath()))!;
    const soft = (await measureLevel(quiet))!;
    expect(loud.speechDb - soft.speechDb).toBeGreaterThan(39);
    expect(loud.speechDb - soft.speechDb).toBeLessThan(41);
    expect(vadGainFor(loud)).toBe(1);
    expect(vadGainFor(soft)).toBeGreaterThan(3);
  });
});
