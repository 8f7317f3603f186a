import { UNHEARD_SEGMENT_TEXT } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { wordErrorRate } from '../../../../../bench/scoring/wer.ts';
import {
  dominantLabelShare,
  fixtureTempDir,
  JFK_TEXT,
  jfkWavPath,
  joinClips,
  mixClips,
  oneVoicePath,
  POCKETSPHINX_DIR,
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
    // One after another, each in its own place: none spans its neighbours (a padding's overlap at most).
    for (let k = 1; k < r.segments.length; k++)
      expect(r.segments[k]!.startTime).toBeGreaterThan(r.segments[k - 1]!.endTime - 0.5);
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

  it('gives each of two voices at once its own words, a second voice’s segment only where words are heard in it', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    // the LibriVox reader (7.1 s) with JFK starting over her 4 s in: 3 s of two voices at once
    const mixed = mixClips(
      {
        speaker: 'librivox',
        path: `${POCKETSPHINX_DIR}/librivox/sense_and_sensibility_01_austen_64kb-0870.wav`,
      },
      { speaker: 'jfk', path: jfkWavPath(), at: 4 },
      `${fixtureTempDir('parley-overlap-')}/two-at-once.wav`,
    );
    const together = (r: Awaited<ReturnType<typeof transcribeFile>>) =>
      r.segments.flatMap((a) =>
        r.segments.filter(
          (b) => b.speaker !== a.speaker && Math.min(a.endTime, b.endTime) - Math.max(a.startTime, b.startTime) >= 0.5,
        ),
      );
    const r = await transcribeFile(mixed.path, { engine });
    expect(r.speakerCount).toBe(2);
    // both people have their words, nothing empty is shown
    for (const s of r.segments) expect(s.text.trim()).not.toBe('');
    const words = (speaker: string) =>
      r.segments
        .filter((s) => s.speaker === speaker && s.text !== UNHEARD_SEGMENT_TEXT)
        .map((s) => s.text)
        .join(' ');
    expect(wordErrorRate('and mister john dashwood had then leisure to consider', words('Speaker 1'))).toBeLessThan(
      0.4,
    );
    expect(words('Speaker 2')).toMatch(/ask not what your country can do for you/i);
    // A second voice's segment, when the recogniser hears words in it, lies in the 4-7.1 s where both
    // speak, beside the other person's. One it hears nothing in is not kept (no segment without a word,
    // decision 241): here the reader's words under JFK's first are not heard, so none need overlap.
    for (const s of together(r)) {
      expect(s.startTime).toBeGreaterThanOrEqual(mixed.turns[1]!.start - 0.5);
      expect(s.endTime).toBeLessThanOrEqual(mixed.turns[0]!.end + 0.5);
    }
    // without second voices the two people's segments never overlap
    expect(together(await transcribeFile(mixed.path, { engine, overlapSpeech: false }))).toEqual([]);
  });
});
