import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFfmpeg, jfkWavPath } from '../../../test/fixtures/audio.ts';
import { audioTypeOfFile, containerOf } from './audio-type.ts';

/** One second of JFK encoded by ffmpeg as `format` (with `codec` options), into a file (MP4 seeks back). */
function encoded(format: string, codec: string[], extra: string[] = []): Buffer {
  const path = join(mkdtempSync(join(tmpdir(), 'audio-type-')), 'encoded');
  execFileSync(fixtureFfmpeg(), ['-v', 'error', '-t', '1', '-i', jfkWavPath(), ...codec, ...extra, '-f', format, path]);
  return readFileSync(path);
}

describe('the audio type of a stored file, from its bytes', () => {
  it.each([
    ['webm', ['-c:a', 'libopus'], [], 'audio/webm'],
    ['ogg', ['-c:a', 'libopus'], [], 'audio/ogg'],
    ['mp3', ['-c:a', 'libmp3lame'], [], 'audio/mpeg'],
    ['mp3', ['-c:a', 'libmp3lame'], ['-write_xing', '0', '-id3v2_version', '0'], 'audio/mpeg'],
    ['ipod', ['-c:a', 'aac'], [], 'audio/mp4'],
    ['mp4', ['-c:a', 'aac'], ['-movflags', 'frag_keyframe+empty_moov'], 'audio/mp4'],
    ['wav', [], [], 'audio/wav'],
    ['flac', [], [], 'audio/flac'],
    ['adts', ['-c:a', 'aac'], [], 'audio/aac'],
  ])('%s %j %j is %s', async (format, codec, extra, mime) => {
    const dir = mkdtempSync(join(tmpdir(), 'audio-type-'));
    const path = join(dir, 'file');
    writeFileSync(path, encoded(format, codec, extra));
    expect((await audioTypeOfFile(path))?.mime).toBe(mime);
  });

  it('skips an ID3 tag, however long, before telling MP3 from AAC', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audio-type-'));
    const path = join(dir, 'tagged.aac');
    const adts = encoded('adts', ['-c:a', 'aac']);
    // A 300-byte ID3v2.4 tag (syncsafe size 290) of padding, then the AAC stream.
    const tag = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 2, 34]), Buffer.alloc(290)]);
    writeFileSync(path, Buffer.concat([tag, adts]));
    expect((await audioTypeOfFile(path))?.mime).toBe('audio/aac');
  });

  it('is none of them for HTML, text, AIFF, an empty file or a bare RIFF that is no WAVE', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audio-type-'));
    for (const [name, bytes] of [
      ['page.html', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ['empty', Buffer.alloc(0)],
      ['aiff', encoded('aiff', [])],
      ['avi', Buffer.from('RIFF\u0000\u0000\u0000\u0000AVI LIST')],
    ] as const) {
      writeFileSync(join(dir, name), bytes);
      expect(await audioTypeOfFile(join(dir, name)), name).toBeNull();
    }
    expect(containerOf(new Uint8Array([0xff]))).toBeNull();
  });
});
