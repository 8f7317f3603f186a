import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFfmpeg, jfkWavPath } from '../../../test/fixtures/audio.ts';
import { chunkContinues, recordingContainer } from './chunk-container.ts';

/** JFK's 11 s as `format`, cut into `count` chunks at arbitrary bytes (as timeslices fall). */
function chunksOf(format: string, codec: string[], count = 8): Buffer[] {
  const path = join(mkdtempSync(join(tmpdir(), 'chunk-container-')), `jfk.${format}`);
  execFileSync(fixtureFfmpeg(), ['-v', 'error', '-i', jfkWavPath(), ...codec, '-f', format, path]);
  const bytes = readFileSync(path);
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
}

const recordings = {
  webm: chunksOf('webm', ['-c:a', 'libopus', '-b:a', '32k', '-cluster_time_limit', '120']),
  // One Cluster for the whole 11 s: later chunks hold blocks and no Cluster start.
  webmOneCluster: chunksOf('webm', [
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
    '-cluster_time_limit',
    '60000',
    '-cluster_size_limit',
    '10000000',
  ]),
  // Chromium's PCM in WebM: 4 KB blocks.
  webmPcm: chunksOf('matroska', ['-c:a', 'pcm_f32le', '-ar', '48000', '-ac', '2', '-cluster_time_limit', '5000'], 20),
  ogg: chunksOf('ogg', ['-c:a', 'libopus', '-b:a', '32k', '-page_duration', '500000']),
  mp4: chunksOf('mp4', [
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    '-movflags',
    'frag_keyframe+empty_moov+default_base_moof',
    '-frag_duration',
    '500000',
  ]),
  wav: chunksOf('wav', []),
};

const junk = {
  'a repeated byte': Buffer.alloc(2 * 1024 * 1024, 0x55),
  zeros: Buffer.alloc(4 * 1024 * 1024),
  'random bytes': randomBytes(4 * 1024 * 1024),
  'an HTML page': Buffer.from('<html><script>alert(1)</script></html>'.repeat(1000)),
};

describe('chunks of a recording continue its container', () => {
  it.each([
    ['webm', recordings.webm],
    ['webm', recordings.webmOneCluster],
    ['webm', recordings.webmPcm],
    ['ogg', recordings.ogg],
    ['mp4', recordings.mp4],
    ['wav', recordings.wav],
  ] as const)('takes every chunk of a %s recording as a browser sends it', (container, chunks) => {
    chunks.forEach((chunk, seq) => {
      expect(chunkContinues(container, seq, chunk), `chunk ${seq}`).toBe(true);
    });
  });

  it.each(['webm', 'ogg', 'mp4'] as const)('refuses bytes that are no %s, first or later, in one pass', (container) => {
    for (const [what, bytes] of Object.entries(junk)) {
      const began = performance.now();
      expect(chunkContinues(container, 0, bytes), `${what} first`).toBe(false);
      expect(chunkContinues(container, 3, bytes), `${what} later`).toBe(false);
      expect(performance.now() - began, what).toBeLessThan(500);
    }
  });

  it("refuses a first chunk of another container, and takes a WAV's later samples as they are", () => {
    expect(chunkContinues('webm', 0, recordings.ogg[0]!)).toBe(false);
    expect(chunkContinues('ogg', 0, recordings.webm[0]!)).toBe(false);
    expect(chunkContinues('wav', 0, junk['a repeated byte'])).toBe(false);
    expect(chunkContinues('wav', 1, junk['a repeated byte'])).toBe(true);
  });

  it('reads the container from the type declared at start', () => {
    expect(recordingContainer('audio/webm;codecs=opus')).toBe('webm');
    expect(recordingContainer('audio/x-wav')).toBe('wav');
    expect(recordingContainer('audio/mp4')).toBe('mp4');
    expect(recordingContainer('text/html')).toBeNull();
  });
});
