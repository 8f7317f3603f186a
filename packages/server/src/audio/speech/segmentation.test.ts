import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureTempDir, jfkWavPath, joinClips, oneVoicePath, wavDuration } from '../../../test/fixtures/audio.ts';
import { decodePcmStream } from '../decoding/ffmpeg.ts';
import { ModelMissingError } from '../model-missing.ts';
import {
  defaultSegmentationModelPath,
  SEG_HOP,
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
});
