/**
 * A call or ordinary stereo (layout.ts, decisions 241 and 270), judged on real speech: a call whose
 * far side only ever talks while the near side does, and stereo recordings of one room that must stay
 * one mix.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fixtureFfmpeg,
  fixtureTempDir,
  jfkWavPath,
  oneVoicePath,
  POCKETSPHINX_DIR,
} from '../../../test/fixtures/audio.ts';
import { channelLayout } from './layout.ts';

const dir = fixtureTempDir('parley-layout-');
const reader = readdirSync(join(POCKETSPHINX_DIR, 'librivox'))
  .filter((f) => f.endsWith('.wav'))
  .sort()
  .map((f) => join(POCKETSPHINX_DIR, 'librivox', f));

function ffmpeg(inputs: string[], graph: string, out: string): string {
  const path = join(dir, out);
  execFileSync(fixtureFfmpeg(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...inputs.flatMap((i) => ['-i', i]),
    ...['-filter_complex', graph, '-map', '[out]', '-ar', '16000', '-c:a', 'pcm_s16le', path],
  ]);
  return path;
}

/** The LibriVox reader's five sentences, 1.5 s apart, as one mono track labelled [reader]. */
const readerChain = () =>
  `${reader.map((_, i) => `[${i}:a]aresample=16000,apad=pad_dur=1.5[s${i}]`).join(';')};` +
  `${reader.map((_, i) => `[s${i}]`).join('')}concat=n=${reader.length}:v=0:a=1[reader]`;

// short files: heard whole
const judge = async (path: string) => (await channelLayout(path, undefined)).layout;

describe('channelLayout', () => {
  it('hears a call side by side when the far side only ever talks while the near side does', async () => {
    // eleven seconds of a call: the reader on the left, JFK on the right all the while, heard again on
    // the left 26 dB down. No half second is clearly JFK's; his syllables between the reader's words are
    const j = reader.length;
    const call = ffmpeg(
      [...reader, jfkWavPath()],
      `${readerChain()};[${j}:a]aresample=16000,asplit[r][rb];[rb]volume=0.05[b];` +
        '[reader][b]amix=inputs=2:duration=longest:normalize=0,atrim=0:11[l];[l][r]join=inputs=2:channel_layout=stereo[out]',
      'reader-jfk.wav',
    );
    expect(await judge(call)).toBe('sides');
  });

  it('keeps one room heard by two spaced microphones one mix: two voices, each nearer one side', async () => {
    // JFK then the radio amateur, each 6 dB louder on one side, each side with its own reflections
    // and the right microphone 6 ms further away
    const room = ffmpeg(
      [jfkWavPath(), oneVoicePath()],
      '[0:a]aresample=16000[a0];[1:a]aresample=16000,atrim=0:15[b0];[a0][b0]concat=n=2:v=0:a=1,asplit[m1][m2];' +
        '[m1]aecho=0.8:0.7:23|41|67:0.4|0.3|0.2[l];[m2]adelay=6,aecho=0.8:0.7:31|53|79:0.4|0.3|0.2[r];' +
        '[l][r]join=inputs=2:channel_layout=stereo,pan=stereo|c0=c0|c1=0.5*c1[out]',
      'room.wav',
    );
    expect(await judge(room)).toBe('mix');
  });

  it('keeps a recording with one silent side one mix', async () => {
    const oneSided = ffmpeg(
      [jfkWavPath()],
      '[0:a]aresample=16000,asplit[l][r0];[r0]volume=0[r];[l][r]join=inputs=2:channel_layout=stereo[out]',
      'one-sided.wav',
    );
    expect(await judge(oneSided)).toBe('mix');
  });
});
