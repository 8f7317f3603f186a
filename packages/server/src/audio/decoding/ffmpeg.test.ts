import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fixtureFfmpeg,
  fixtureTempDir,
  speechFixtures,
  streamedWebm,
  wavDuration,
} from '../../../test/fixtures/audio.ts';
import {
  AudioDecodeError,
  channelsFromDescription,
  checkAudioFile,
  decodePcmStream,
  durationFromDescription,
  estimateDurationSeconds,
  findFfmpeg,
  probeAudioHeader,
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
    make: () => streamedWebm(source.path, join(dir, 'streamed.webm')),
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
    streamedWebm(source.path, long, { inputArgs: ['-stream_loop', '9'] });
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

  it('tells mono, stereo and surround sources apart without decoding them', async () => {
    expect((await probeAudioHeader(source.path)).channels).toBe(1);
    expect((await probeAudioHeader(encode('stereo.webm', ['-ac', '2', '-c:a', 'libopus']))).channels).toBe(2);
    expect((await probeAudioHeader(encode('stereo.m4a', ['-ac', '2', '-c:a', 'aac']))).channels).toBe(2);
    expect((await probeAudioHeader(encode('surround.wav', ['-ac', '6']))).channels).toBe(6);
    expect((await probeAudioHeader(join(dir, 'missing.wav'))).channels).toBeUndefined();
    // a video's audio stream is found after its picture stream
    expect(
      channelsFromDescription(
        '  Stream #0:0[0x1](und): Video: h264, yuv420p, 1280x720\n  Stream #0:1[0x2](eng): Audio: aac (LC), 48000 Hz, stereo, fltp, 128 kb/s (default)',
      ),
    ).toBe(2);
    expect(channelsFromDescription('Stream #0:0: Audio: pcm_s16le, 44100 Hz, 3 channels, s16')).toBe(3);
    expect(channelsFromDescription('Stream #0:0: Audio: pcm_s16le, 44100 Hz, 5.1(side), s16')).toBe(6);
    expect(channelsFromDescription('Stream #0:0: Video: mpeg4, 64x64')).toBeUndefined();
  });

  it("reads the duration a file's header states, and none from WebM written as a stream (as browsers write it)", async () => {
    expect((await probeAudioHeader(source.path)).durationSeconds).toBeCloseTo(sourceSeconds, 1);
    const streamed = streamedWebm(source.path, join(dir, 'streamed.webm'));
    expect(await probeAudioHeader(streamed)).toEqual({ channels: 1, durationSeconds: undefined });
    expect(durationFromDescription('  Duration: 01:02:03.50, start: 0.000000, bitrate: 26 kb/s')).toBe(3723.5);
  });

  it('decodes the two channels of a stereo source interleaved, left first', async () => {
    // left: the speech; right: the same speech 20 dB down
    const out = join(dir, 'left-loud.wav');
    execFileSync(fixtureFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', source.path, '-filter_complex'],
      '[0:a]asplit=2[l][r];[r]volume=0.1[q];[l][q]join=inputs=2:channel_layout=stereo[out]',
      ...['-map', '[out]', '-c:a', 'pcm_s16le', out],
    ]);
    let left = 0;
    let right = 0;
    let frames = 0;
    for await (const chunk of decodePcmStream(out, { channels: 2, chunkSamples: 4000 })) {
      expect(chunk.length % 2).toBe(0);
      for (let i = 0; i < chunk.length; i += 2) {
        left += chunk[i]! ** 2;
        right += chunk[i + 1]! ** 2;
      }
      frames += chunk.length / 2;
    }
    expect(frames / 16000).toBeCloseTo(sourceSeconds, 1);
    expect(10 * Math.log10(left / right)).toBeCloseTo(20, 0);
  });
});
