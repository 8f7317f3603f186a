/**
 * Stereo recordings through the whole pipeline (real speech): a call with one party per channel is
 * split by side (channels.ts), ordinary stereo is heard exactly as its mono mix.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fixtureFfmpeg,
  fixtureTempDir,
  jfkWavPath,
  joinClips,
  oneVoicePath,
  speakerAttribution,
  toTwoChannels,
} from '../../../test/fixtures/audio.ts';
import { ChannelBalance, monoMeasuringSides } from '../decoding/channels.ts';
import { decodePcmStream } from '../decoding/ffmpeg.ts';
import { loadMoonshine } from '../recognition/moonshine.ts';
import { speechPieces } from '../speech/vad.ts';
import { transcribeFile } from './pipeline.ts';

const dir = fixtureTempDir('parley-channels-');

describe('transcribeFile on two-channel recordings', () => {
  it('gives each party of a call its own speaker, with the other line bleeding in 26 dB down', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const ve = oneVoicePath();
    const jfk = jfkWavPath();
    const call = joinClips(
      [
        { speaker: 'jfk', path: jfk, from: 0, to: 6 },
        { speaker: 've9qrp', path: ve, from: 6.2, to: 22.6 },
        { speaker: 'jfk', path: jfk, from: 6, to: 11 },
        { speaker: 've9qrp', path: ve, from: 22.9, to: 34.5 },
      ],
      join(dir, 'call-mono.wav'),
    );
    const stereo = toTwoChannels(call, ['jfk'], join(dir, 'call.wav'));
    const r = await transcribeFile(stereo, { engine });
    expect(r.speakerCount).toBe(2);
    expect(speakerAttribution(call.turns, r.segments)).toBeGreaterThanOrEqual(0.95);
    // the caller on the left speaks first, so is Speaker 1, and each side's words are under its label
    expect(r.segments[0]!.speaker).toBe('Speaker 1');
    const textOf = (speaker: string) =>
      r.segments
        .filter((s) => s.speaker === speaker)
        .map((s) => s.text)
        .join(' ')
        .toLowerCase();
    expect(textOf('Speaker 1')).toContain('my fellow americans');
    // pieces end where the other line takes over, so no words cross to the other party
    expect(textOf('Speaker 1')).toContain('for your country');
    expect(textOf('Speaker 1')).not.toContain('brunswick');
    expect(textOf('Speaker 2')).toContain('new brunswick');
    expect(textOf('Speaker 2')).not.toContain('americans');
  });

  it('tells two parties apart by their lines where their voices alone do not', { timeout: 300_000 }, async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const ve = oneVoicePath();
    // one radio amateur's recording in 20 s turns, alternately on the left and the right line: as
    // one channel the speaker stage hears one voice (diarize.test.ts), as a call two parties
    const call = joinClips(
      [0, 1, 2, 3].map((k) => ({ speaker: k % 2 ? 'right' : 'left', path: ve, from: k * 20, to: k * 20 + 20 })),
      join(dir, 'same-voice-mono.wav'),
    );
    const mono = await transcribeFile(call.path, { engine });
    expect(mono.speakerCount).toBe(1);
    const stereo = await transcribeFile(toTwoChannels(call, ['left'], join(dir, 'same-voice.wav')), { engine });
    expect(stereo.speakerCount).toBe(2);
    expect(speakerAttribution(call.turns, stereo.segments)).toBeGreaterThanOrEqual(0.95);
  });

  it('hears ordinary stereo (the same sound on both sides) exactly as the mono recording', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const both = join(dir, 'jfk-stereo.wav');
    execFileSync(fixtureFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', jfkWavPath(), '-filter_complex'],
      '[0:a]asplit=2[l][r];[l][r]join=inputs=2:channel_layout=stereo[out]',
      ...['-map', '[out]', '-c:a', 'pcm_s16le', both],
    ]);
    const [mono, stereo] = [await transcribeFile(jfkWavPath(), { engine }), await transcribeFile(both, { engine })];
    expect(stereo.speakerCount).toBe(1);
    expect(stereo.segments).toEqual(mono.segments);
  });

  it('ends a piece within a few hundredths of a second of where speech moves to the other side', async () => {
    const x = await decodeAll(decodePcmStream(jfkWavPath()));
    for (const switchAt of [1.5, 7.0]) {
      // JFK on the left until switchAt, then on the right; the quiet side hears him 26 dB down
      const at = Math.round(switchAt * 16000);
      const stereo = new Float32Array(2 * x.length);
      for (let i = 0; i < x.length; i++) {
        stereo[2 * i] = (i < at ? 1 : 0.05) * x[i]!;
        stereo[2 * i + 1] = (i < at ? 0.05 : 1) * x[i]!;
      }
      const balance = new ChannelBalance();
      const bounds: number[] = [];
      const source = monoMeasuringSides(chunked(stereo, 8000), balance);
      for await (const p of speechPieces(source, { sideOf: (f) => balance.sideOfFrame(f) }))
        bounds.push(p.start, p.end);
      expect(Math.min(...bounds.map((b) => Math.abs(b - switchAt)))).toBeLessThanOrEqual(0.07);
    }
  });

  it('mixes two different channels as ffmpeg’s own downmix does, within one 16-bit step', async () => {
    const out = join(dir, 'two-voices.wav');
    execFileSync(fixtureFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', jfkWavPath(), '-i', oneVoicePath()],
      ...['-filter_complex', '[0:a][1:a]join=inputs=2:channel_layout=stereo[out]', '-map', '[out]', '-t', '10'],
      ...['-c:a', 'pcm_s16le', out],
    ]);
    const old = await decodeAll(decodePcmStream(out));
    const mixed = await decodeAll(monoMeasuringSides(decodePcmStream(out, { channels: 2 }), new ChannelBalance()));
    expect(mixed.length).toBe(old.length);
    let worst = 0;
    for (let i = 0; i < old.length; i++) worst = Math.max(worst, Math.abs(mixed[i]! - old[i]!));
    expect(worst).toBeLessThanOrEqual(1 / 32768);
  });
});

async function decodeAll(source: AsyncIterable<Float32Array>): Promise<Float32Array> {
  const chunks: Float32Array[] = [];
  for await (const c of source) chunks.push(c);
  const all = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
  let k = 0;
  for (const c of chunks) {
    all.set(c, k);
    k += c.length;
  }
  return all;
}

async function* chunked(x: Float32Array, size: number): AsyncGenerator<Float32Array> {
  for (let i = 0; i < x.length; i += size) yield x.slice(i, i + size);
}
