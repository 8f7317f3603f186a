import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { amiMeeting, fixtureFfmpeg, fixtureTempDir, jfkWavPath, streamedWebm } from '../../../test/fixtures/audio.ts';
import { AudioDecodeError } from './ffmpeg.ts';
import { LevelMeter, levelForVad, measureLevel, vadGainFor } from './level.ts';

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

/** A real meeting (AMI, 123 s) looped to `seconds`, its volume following `volume` (an ffmpeg expression of t). */
function meeting(name: string, seconds: number, volume: string, ...encode: string[]): string {
  const path = join(dir, name);
  execFileSync(fixtureFfmpeg(), [
    ...['-v', 'error', '-y', '-stream_loop', '-1', '-i', amiMeeting('ami-EN2001-team').path, '-t', String(seconds)],
    ...['-af', `volume='${volume}':eval=frame`, ...encode, path],
  ]);
  return path;
}

/** 60 windows of 1 s: recordings from 240 s on are sampled (the default's 100 windows start at 400 s). */
const SAMPLE = { windows: 60, windowSeconds: 1 };

describe('measureLevel on a long recording (windows spread over it)', () => {
  // the ways the windows are read: ffmpeg seeking (WAV; WebM with an index, as ffmpeg writes it), bytes
  // cut here (MP3; WebM without an index, as browsers write it: next test)
  it.each([
    ['wav', []],
    ['webm', ['-c:a', 'libopus', '-b:a', '32k']],
    ['mp3', ['-c:a', 'libmp3lame', '-b:a', '48k']],
  ])('hears %s in windows and finds about the level the whole decode finds', async (ext, encode) => {
    const path = meeting(`meeting.${ext}`, 240, '1', ...encode);
    const sampled = (await measureLevel(path, { durationSeconds: 240, sample: SAMPLE }))!;
    const whole = (await measureLevel(path, { sample: false }))!;
    expect(sampled.sampled).toBe(true); // the sample, not the fallback …
    expect(sampled.heardSeconds).toBeGreaterThan(50);
    expect(sampled.heardSeconds).toBeLessThan(75);
    expect(whole).toMatchObject({ sampled: false, heardSeconds: expect.closeTo(240, 0) });
    expect(Math.abs(sampled.speechDb - whole.speechDb)).toBeLessThanOrEqual(2);
  });

  it('cuts a browser-style WebM (no index, short Clusters) into whole Clusters', async () => {
    const path = join(dir, 'browser.webm');
    const source = meeting('browser-source.wav', 240, '1');
    // written to a pipe, ffmpeg can write no index (Cues), as MediaRecorder writes none
    streamedWebm(source, path, { args: ['-b:a', '32k', '-cluster_time_limit', '240'] });
    const sampled = (await measureLevel(path, { durationSeconds: 240, sample: SAMPLE }))!;
    const whole = (await measureLevel(path, { sample: false }))!;
    expect(sampled.sampled).toBe(true);
    expect(sampled.heardSeconds).toBeGreaterThan(50);
    expect(sampled.heardSeconds).toBeLessThan(90);
    expect(Math.abs(sampled.speechDb - whole.speechDb)).toBeLessThanOrEqual(2);
  });

  // the quiet parts 40 dB down; the VAD's gain is decided on levelForVad: the sample alone only when it
  // puts the recording clearly above the target, else the whole recording as before
  it.each([
    ['quiet for its first minutes, then normal', 'if(lt(t,150),0.01,1)'],
    ['normal, then quiet to the end', 'if(lt(t,90),1,0.01)'],
    // what a sample could get wrong: normal speech in one short stretch (8 %) of a quiet recording,
    // which the windows may miss or hit more often than its share
    ['quiet but for one short normal stretch', 'if(between(t,131,151),1,0.01)'],
    ['quiet throughout', '0.01'],
    ['normal throughout', '1'],
  ])('a recording %s gets the gain its whole decode gives', async (_, volume) => {
    const path = meeting(`level-${volume.replace(/\W+/g, '-')}.wav`, 240, volume);
    const level = (await levelForVad(path, { durationSeconds: 240, sample: SAMPLE }))!;
    const whole = (await measureLevel(path, { sample: false }))!;
    expect(vadGainFor(level)).toBeCloseTo(vadGainFor(whole), 6);
    expect(vadGainFor(whole) > 1).toBe(volume === '0.01' || volume.includes('between'));
    // a normal recording is settled by its sample alone: the point of it
    if (volume === '1') expect(level.sampled).toBe(true);
  });

  it('rejects a file that is not audio (AudioDecodeError), whatever its claimed length', async () => {
    const junk = join(dir, 'junk.mp3');
    // an MP3's first bytes (an ID3 tag's name) before garbage: the sample is cut from its bytes, fails, and the whole decode says why
    writeFileSync(junk, Buffer.concat([Buffer.from('ID3'), Buffer.alloc(200_000, 7)]));
    await expect(levelForVad(junk, { durationSeconds: 3600 })).rejects.toBeInstanceOf(AudioDecodeError);
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not audio at all\n'.repeat(10_000));
    await expect(levelForVad(text, { durationSeconds: 3600 })).rejects.toBeInstanceOf(AudioDecodeError);
    await expect(levelForVad(join(dir, 'gone.webm'), { durationSeconds: 3600 })).rejects.toMatchObject({
      name: 'AudioDecodeError',
      code: 'not_found',
    });
  });
});
