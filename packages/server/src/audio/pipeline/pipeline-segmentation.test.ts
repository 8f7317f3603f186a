import { describe, expect, it } from 'vitest';
import { wordErrorRate } from '../../../../../bench/scoring/wer.ts';
import {
  dominantLabelShare,
  fixtureTempDir,
  JFK_TEXT,
  jfkWavPath,
  joinClips,
  oneVoicePath,
} from '../../../test/fixtures/audio.ts';
import { loadMoonshine } from '../recognition/moonshine.ts';
import { transcribeFile } from './pipeline.ts';

// The speaker-segmentation model's tracks (docs/decisions/017): the default; its own pieces per call.
describe('transcribeFile with the speaker-segmentation model', () => {
  it('keeps one voice on one label with its words when the model cuts the pieces too', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const r = await transcribeFile(jfkWavPath(), { engine, speakerSegmentation: { pieces: 'segmentation' } });
    expect(r.diarization).toBe('ok');
    expect(r.speakerCount).toBe(1);
    expect(wordErrorRate(JFK_TEXT, r.segments.map((s) => s.text).join(' '))).toBeLessThanOrEqual(0.1);
  });

  it('keeps 112 s of one voice on one label with the tracks (the default)', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const r = await transcribeFile(oneVoicePath(), { engine });
    expect(r.speakerCount).toBe(1);
    expect(dominantLabelShare(r.segments)).toBe(1);
  });

  it('gives two voices that follow each other without a pause two labels, changing at the join', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const joined = joinClips(
      [
        { speaker: 'jfk', path: jfkWavPath() },
        { speaker: 've9qrp', path: oneVoicePath(), to: 12 },
      ],
      `${fixtureTempDir('parley-seg-pipeline-')}/two-voices.wav`,
      0,
    );
    const change = joined.turns[1]!.start;
    const r = await transcribeFile(joined.path, { engine });
    expect(r.speakerCount).toBe(2);
    const first = r.segments.filter((s) => s.endTime <= change + 0.5);
    const second = r.segments.filter((s) => s.startTime >= change - 0.5);
    expect(first.length + second.length).toBe(r.segments.length);
    expect(new Set(first.map((s) => s.speaker)).size).toBe(1);
    expect(new Set(second.map((s) => s.speaker)).size).toBe(1);
    expect(first[0]!.speaker).not.toBe(second[0]!.speaker);
  });
});
