import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { describe, expect, it, vi } from 'vitest';
import { fixtureTempDir, jfkWavPath, joinClips, oneVoicePath, wavDuration } from '../../../test/fixtures/audio.ts';
import { decodePcmStream } from '../decoding/ffmpeg.ts';
import { ModelMissingError } from '../model-missing.ts';
import {
  defaultSegmentationModelPath,
  isDigitalSilence,
  SEG_HOP,
  SEG_WINDOW,
  SpeakerSegmentation,
  segFrameCentre,
  segmentationSession,
} from './segmentation.ts';
import { speechPieces } from './vad.ts';

async function segment(path: string) {
  const seg = await SpeakerSegmentation.load();
  for await (const c of decodePcmStream(path)) await seg.push(c);
  const tracks = await seg.finish();
  return { seg, tracks };
}

const at = (g: number) => segFrameCentre(g) / 16000;

describe('speaker segmentation model (pyannote segmentation-3.0, shipped in packages/server/models)', () => {
  it('loads the shipped file once per process and refuses a damaged or missing one', async () => {
    expect(segmentationSession()).toBe(segmentationSession());
    const dir = fixtureTempDir('parley-seg-');
    const damaged = join(dir, 'model.int8.onnx');
    copyFileSync(defaultSegmentationModelPath(), damaged);
    const bytes = readFileSync(damaged);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    writeFileSync(damaged, bytes);
    await expect(segmentationSession(damaged)).rejects.toThrow(/damaged or not the shipped one/);
    await expect(segmentationSession(join(dir, 'missing.onnx'))).rejects.toBeInstanceOf(ModelMissingError);
  });

  it('hears one voice as speech, on one track, with nobody over it', async () => {
    const path = jfkWavPath();
    const { seg, tracks } = await segment(path);
    expect(tracks.frames).toBe(Math.ceil((wavDuration(path) * 16000 - segFrameCentre(0)) / SEG_HOP));
    let speech = 0;
    const time = new Map<number, number>();
    for (let g = 0; g < tracks.frames; g++) {
      if (seg.speechAt(g) >= 0.5) speech++;
      const t = tracks.first[g]!;
      if (t >= 0) time.set(t, (time.get(t) ?? 0) + 1);
      expect(tracks.second[g]).toBe(-1);
    }
    // jfk.wav is 11 s with about 8 s of words and pauses between the phrases
    expect(speech / tracks.frames).toBeGreaterThan(0.5);
    expect(speech / tracks.frames).toBeLessThan(0.95);
    const busiest = Math.max(...time.values());
    expect(busiest / [...time.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0.9);
  });

  it('gives two voices two tracks, changing where the second one starts', async () => {
    const joined = joinClips(
      [
        { speaker: 'jfk', path: jfkWavPath() },
        { speaker: 've9qrp', path: oneVoicePath(), to: 12 },
      ],
      join(fixtureTempDir('parley-seg-'), 'two-voices.wav'),
      0.7,
    );
    const { tracks } = await segment(joined.path);
    const change = joined.turns[1]!.start;
    const trackOf = (from: number, to: number) => {
      const n = new Map<number, number>();
      for (let g = 0; g < tracks.frames; g++)
        if (at(g) >= from && at(g) < to && tracks.first[g]! >= 0)
          n.set(tracks.first[g]!, (n.get(tracks.first[g]!) ?? 0) + 1);
      return [...n].sort((a, b) => b[1] - a[1])[0]![0];
    };
    const [a, b] = [trackOf(0, change - 1), trackOf(change + 1, joined.duration)];
    expect(a).not.toBe(b);
    // both spoke in the windows around the change, as two local speakers: two people for the clustering
    expect(
      tracks.distinct?.some(
        (d) =>
          Math.min(d.x, d.y) === Math.min(a, b) &&
          Math.max(d.x, d.y) === Math.max(a, b) &&
          d.start < change &&
          d.end > change,
      ),
    ).toBe(true);
  });

  it('ends speech pieces where the voice changes, as Silero pieces end at pauses', async () => {
    // no pause between the voices: only the segmentation can tell where the piece must end
    const joined = joinClips(
      [
        { speaker: 'jfk', path: jfkWavPath(), from: 0, to: 7 },
        { speaker: 've9qrp', path: oneVoicePath(), to: 8 },
      ],
      join(fixtureTempDir('parley-seg-'), 'no-pause.wav'),
      0,
    );
    const change = joined.turns[1]!.start;
    const seg = await SpeakerSegmentation.load();
    const pieces = [];
    for await (const p of speechPieces(decodePcmStream(joined.path), {
      segmentation: seg,
      threshold: 0.5,
      negThreshold: 0.5,
      minPieceSeconds: 20,
    })) {
      if (!p.unheard) expect(p.samples.length).toBe(Math.round((p.end - p.start) * 16000));
      pieces.push(p);
    }
    // nothing spans the change by more than a fraction of a second on either side
    for (const p of pieces) expect(p.start >= change - 0.5 || p.end <= change + 0.5).toBe(true);
    expect(pieces.some((p) => p.start < change - 1)).toBe(true);
    expect(pieces.some((p) => p.end > change + 1)).toBe(true);
  });

  it('runs the model once for windows of digital silence: their output is the same every time', async () => {
    const session = await segmentationSession();
    const silence = () => new ort.Tensor('float32', new Float32Array(SEG_WINDOW), [1, 1, SEG_WINDOW]);
    const speech = new Float32Array(SEG_WINDOW).map((_, i) => 0.3 * Math.sin(i / 7) * Math.sin(i / 3000));
    const first = (await session.run({ x: silence() })).y!.data as Float32Array;
    const firstCopy = first.slice();
    await session.run({ x: new ort.Tensor('float32', speech, [1, 1, SEG_WINDOW]) });
    const again = (await session.run({ x: silence() })).y!.data as Float32Array;
    // bit for bit, whatever the session ran in between: reusing it changes nothing
    expect(Buffer.from(again.buffer, again.byteOffset, again.byteLength)).toEqual(
      Buffer.from(firstCopy.buffer, firstCopy.byteOffset, firstCopy.byteLength),
    );
    expect(isDigitalSilence(new Float32Array([0, 0, 0]))).toBe(true);
    expect(isDigitalSilence(new Float32Array([0, -0, 0]))).toBe(false);
    expect(isDigitalSilence(new Float32Array([0, 1e-30, 0]))).toBe(false);

    // a voice, 60 s of digital silence (one side of a call while the other speaks), the voice again
    const voice: Float32Array[] = [];
    for await (const c of decodePcmStream(jfkWavPath())) voice.push(c);
    const runs = vi.spyOn(session, 'run');
    try {
      const seg = await SpeakerSegmentation.load();
      for (const c of voice) await seg.push(c);
      for (let s = 0; s < 60; s++) await seg.push(new Float32Array(16000));
      for (const c of voice) await seg.push(c);
      const tracks = await seg.finish();
      const windows = Math.ceil((tracks.frames * SEG_HOP) / (148 * SEG_HOP));
      // ~20 windows lie wholly in the silence: none of them is run (the silent output is known already)
      expect(runs.mock.calls.length).toBeLessThan(windows - 15);
      // the voice is heard on both sides of the silence, and nothing in it
      const heard = (from: number, to: number) => {
        let n = 0;
        for (let g = 0; g < tracks.frames; g++) if (at(g) >= from && at(g) < to && seg.speechAt(g) >= 0.5) n++;
        return n / ((to - from) / (SEG_HOP / 16000));
      };
      expect(heard(0, 11)).toBeGreaterThan(0.5);
      expect(heard(20, 60)).toBe(0);
      expect(heard(71, 82)).toBeGreaterThan(0.5);
    } finally {
      runs.mockRestore();
    }
  });
});
