/**
 * Two-channel call files for the calls bench: sides (one party's speech as 16 kHz mono WAV with its
 * reference words) and calls made of two sides, at the levels, delays and bleed a case asks for.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureFfmpeg } from '../packages/server/test/fixtures/audio.ts';
import { readTruth } from './meeting-data.ts';

export interface Side {
  name: string;
  path: string;
  reference: string;
  /** One person speaks on this side. */
  oneVoice: boolean;
  /** The reference words with their times on this side (seconds), to tell a call's segments apart. */
  timed: Array<{ start: number; end: number; text: string }>;
}

export interface CallShape {
  /** The right side heard on the left this many dB down (a microphone hearing the loudspeaker). */
  bleedDb: number;
  /** Each side's gain in dB (a quiet microphone, a loud far side). */
  leftDb?: number;
  rightDb?: number;
  /** The right side starts this many seconds in (the left talks alone first). */
  rightDelay?: number;
}

const ffmpeg = fixtureFfmpeg();

function run(args: string[]): void {
  execFileSync(ffmpeg, ['-v', 'error', '-y', ...args]);
}

export function seconds(path: string): number {
  return Number(
    execFileSync(ffmpeg.replace(/ffmpeg$/, 'ffprobe'), [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path],
    ]).toString(),
  );
}

/** Clips one after another with `gap` seconds of silence after each, as one 16 kHz mono WAV in `dir`. */
export function sequence(
  dir: string,
  name: string,
  clips: Array<{ path: string; text: string }>,
  gap: number,
  oneVoice: boolean,
): Side {
  const out = join(dir, `${name}.wav`);
  const inputs = clips.flatMap((c) => ['-i', c.path]);
  const chain = clips
    .map((_, i) => `[${i}:a]aresample=16000,aformat=channel_layouts=mono,apad=pad_dur=${gap}[a${i}]`)
    .join(';');
  const concat = `${clips.map((_, i) => `[a${i}]`).join('')}concat=n=${clips.length}:v=0:a=1[out]`;
  run([...inputs, '-filter_complex', `${chain};${concat}`, '-map', '[out]', '-ac', '1', '-ar', '16000', out]);
  let at = 0;
  const timed = clips.map((c) => {
    const start = at;
    at += seconds(c.path) + gap;
    return { start, end: at - gap, text: c.text };
  });
  return { name, path: out, reference: clips.map((c) => c.text).join(' '), oneVoice, timed };
}

/** One AMI recording of `amiDir` with its reference words. */
export function amiSide(amiDir: string, file: string): Side {
  const truth = readTruth(amiDir, file);
  return {
    name: file,
    path: join(amiDir, `${file}.wav`),
    reference: truth.text,
    oneVoice: truth.refSpeakers === 1,
    timed: truth.words.map((w) => ({ start: w.start, end: w.end, text: w.w })),
  };
}

/** `text` spoken by Festival's `voice` (text2wave), as a WAV in `dir`. */
export function festivalClip(dir: string, voice: string, id: string, text: string): { path: string; text: string } {
  const txt = join(dir, `${voice}-${id}.txt`);
  const wav = join(dir, `${voice}-${id}.wav`);
  writeFileSync(txt, text);
  execFileSync('text2wave', ['-eval', `(voice_${voice})`, txt, '-o', wav]);
  return { path: wav, text };
}

/** A raw 16 kHz signed 16-bit mono file (pocketsphinx-testdata's .raw) as a WAV in `dir`. */
export function rawClip(dir: string, raw: string, text: string): { path: string; text: string } {
  const wav = join(dir, `${raw.split('/').pop()}.wav`);
  run(['-f', 's16le', '-ar', '16000', '-ac', '1', '-i', raw, wav]);
  return { path: wav, text };
}

/**
 * left on the left channel, right on the right (delayed and at their gains), the right also on the
 * left `bleedDb` down; as long as the longer side (both padded: ffmpeg's join ends with its shorter input).
 */
export function call(dir: string, left: Side, right: Side, shape: CallShape): string {
  const out = join(dir, `${left.name}+${right.name}.wav`);
  const delay = shape.rightDelay ?? 0;
  const bleed = 10 ** (shape.bleedDb / 20);
  const length = Math.max(seconds(left.path), seconds(right.path) + delay).toFixed(3);
  const mono = 'aresample=16000,aformat=channel_layouts=mono';
  const rightIn = `[1:a]${mono},adelay=delays=${Math.round(delay * 1000)}:all=1,volume=${shape.rightDb ?? 0}dB,asplit[r][rb]`;
  run([
    '-i',
    left.path,
    '-i',
    right.path,
    '-filter_complex',
    `[0:a]${mono},volume=${shape.leftDb ?? 0}dB[l0];${rightIn};[rb]volume=${bleed.toFixed(5)}[b];[l0][b]amix=inputs=2:duration=longest:normalize=0,apad=whole_dur=${length}[l];[r]apad=whole_dur=${length}[rp];[l][rp]join=inputs=2:channel_layout=stereo[out]`,
    '-map',
    '[out]',
    '-ar',
    '16000',
    out,
  ]);
  return out;
}

/**
 * Ordinary stereo: one room heard by two microphones a little apart (the right 10 samples, 0.6 ms,
 * later and 3 dB down), each with its own faint hiss. It must stay one mix.
 */
export function sameRoom(dir: string, side: Side): string {
  const out = join(dir, `${side.name}-same-room.wav`);
  const length = seconds(side.path).toFixed(3);
  run([
    '-i',
    side.path,
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=pink:amplitude=0.002:seed=1:duration=${length}:sample_rate=16000`,
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=pink:amplitude=0.002:seed=2:duration=${length}:sample_rate=16000`,
    '-filter_complex',
    `[0:a]aresample=16000,aformat=channel_layouts=mono,asplit[a][b];[a][1:a]amix=inputs=2:normalize=0[l];[b]adelay=delays=10S:all=1,volume=-3dB[bd];[bd][2:a]amix=inputs=2:duration=first:normalize=0[r];[l][r]join=inputs=2:channel_layout=stereo[out]`,
    '-map',
    '[out]',
    '-ar',
    '16000',
    out,
  ]);
  return out;
}
