import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFfmpeg, fixtureTempDir, speechFixtures, wavDuration } from '../../test/fixtures/audio.ts';
import {
  AudioDecodeError,
  checkAudioFile,
  decodePcmStream,
  estimateDurationSeconds,
  findFfmpeg,
  probeDurationSeconds,
} from './ffmpeg.ts';

const dir = fixtureTempDir('parley-ffmpeg-');
const source = speechFixtures().find((f) => f.id.endsWith('0870'))!; // 7.1 s of LibriVox speech
const sourceSeconds = wavDuration(source.path);

function encode(name: string, args: string[]): string {
  const out = join(dir, name);
  execFileSync(fixtureFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-y', '-i', source.path, ...args, out]);
  return out;
}

const formats = [
  { name: 'wav', make: () => source.path },
  { name: 'mp3', make: () => encode('a.mp3', ['-c:a', 'libmp3lame', '-b:a', '64k']) },
  { name: 'webm/opus', make: () => encode('a.webm', ['-c:a', 'libopus']) },
  { name: 'ogg/opus', make: () => encode('a.ogg', ['-c:a', 'libopus']) },
  { name: 'm4a/aac', make: () => encode('a.m4a', ['-c:a', 'aac']) },
  {
    name: 'mp4 video with aac audio',
    make: () => {
      const out = join(dir, 'v.mp4');
      execFileSync(fixtureFfmpeg(), [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `color=c=black:s=64x64:d=${sourceSeconds}`,
        '-i',
        source.path,
        '-shortest',
        '-c:v',
        'mpeg4',
        '-c:a',
        'aac',
        out,
      ]);
      return out;
    },
  },
  {
    // MediaRecorder-style WebM: written to a pipe, so the muxer cannot go back to store a duration or cues.
    name: 'webm streamed without duration header',
    make: () => {
      const out = join(dir, 'streamed.webm');
      const bytes = execFileSync(
        fixtureFfmpeg(),
        ['-hide_banner', '-loglevel', 'error', '-i', source.path, '-c:a', 'libopus', '-f', 'webm', 'pipe:1'],
        { maxBuffer: 1 << 26 },
      );
      writeFileSync(out, bytes);
      return out;
    },
  },
];

describe('ffmpeg', () => {
  it('finds an ffmpeg binary', () => {
    expect(findFfmpeg()).toMatch(/ffmpeg$/);
  });

  it.each(formats)('decodes $name to 16 kHz mono with the right duration', async ({ make }) => {
    const path = make();
    const duration = await probeDurationSeconds(path);
    expect(Math.abs(duration - sourceSeconds)).toBeLessThan(0.08);
    let samples = 0;
    let energy = 0;
    let chunks = 0;
    for await (const chunk of decodePcmStream(path)) {
      chunks++;
      samples += chunk.length;
      for (const x of chunk) energy += x * x;
      expect(chunk.length).toBeLessThanOrEqual(16000);
    }
    expect(chunks).toBeGreaterThan(3); // streamed, not one buffer
    expect(Math.abs(samples / 16000 - sourceSeconds)).toBeLessThan(0.08);
    expect(Math.sqrt(energy / samples)).toBeGreaterThan(0.01); // real signal, not silence
  });

  it('rejects files that are not audio with AudioDecodeError and a user-facing message', async () => {
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'minutes of the meeting\n'.repeat(50));
    const garbage = join(dir, 'garbage.webm');
    writeFileSync(garbage, Buffer.from(Array.from({ length: 50000 }, (_, i) => (i * 7919 + 13) % 251)));
    const m4a = encode('t.m4a', ['-c:a', 'aac']);
    const truncated = join(dir, 'truncated.m4a');
    writeFileSync(truncated, execFileSync('head', ['-c', '2000', m4a]));
    for (const p of [text, garbage, truncated, join(dir, 'missing.wav')]) {
      const err = await probeDurationSeconds(p).catch((e: unknown) => e);
      expect(err, p).toBeInstanceOf(AudioDecodeError);
      expect((err as AudioDecodeError).message).not.toMatch(/ffmpeg/i);
    }
  });

  it('checks long uploads quickly: decodes the start, takes the length from packet times', async () => {
    const long = join(dir, 'long.webm');
    // ~70 s of real speech, streamed WebM (no duration header)
    const bytes = execFileSync(
      fixtureFfmpeg(),
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-stream_loop',
        '9',
        '-i',
        source.path,
        '-c:a',
        'libopus',
        '-f',
        'webm',
        'pipe:1',
      ],
      { maxBuffer: 1 << 26 },
    );
    writeFileSync(long, bytes);
    const exact = await probeDurationSeconds(long);
    expect(Math.abs(exact - 10 * sourceSeconds)).toBeLessThan(0.2);
    const quick = await checkAudioFile(long, { checkSeconds: 5 });
    expect(quick.exact).toBe(false);
    expect(Math.abs(quick.durationSeconds - exact)).toBeLessThan(0.1);
    expect(Math.abs((await estimateDurationSeconds(long))! - exact)).toBeLessThan(0.1);
    const short = await checkAudioFile(source.path);
    expect(short.exact).toBe(true);
    expect(Math.abs(short.durationSeconds - sourceSeconds)).toBeLessThan(0.05);
    const bad = join(dir, 'bad.ogg');
    writeFileSync(bad, 'OggS but not really'.repeat(200));
    await expect(checkAudioFile(bad)).rejects.toBeInstanceOf(AudioDecodeError);
  });

  it('rejects a video without an audio track', async () => {
    const out = join(dir, 'silent-video.mp4');
    execFileSync(fixtureFfmpeg(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=64x64:d=1',
      '-c:v',
      'mpeg4',
      out,
    ]);
    const err = await probeDurationSeconds(out).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AudioDecodeError);
    expect((err as AudioDecodeError).code).toBe('no_audio');
  });

  it('stops decoding when aborted', async () => {
    const ac = new AbortController();
    let n = 0;
    const run = (async () => {
      for await (const chunk of decodePcmStream(source.path, { signal: ac.signal, chunkSamples: 1600 })) {
        n += chunk.length;
        if (n >= 3200) ac.abort(new Error('stop now'));
      }
    })();
    await expect(run).rejects.toThrow('stop now');
    expect(n).toBeLessThan(16000 * 7);
  });
});
