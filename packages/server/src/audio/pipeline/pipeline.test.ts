import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UNHEARD_SEGMENT_TEXT } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { wordErrorRate } from '../../../../../bench/scoring/wer.ts';
import {
  fixtureFfmpeg,
  fixtureTempDir,
  JFK_TEXT,
  jfkWavPath,
  joinClips,
  makeMultiSpeakerMeeting,
  POCKETSPHINX_DIR,
  speakerAttribution,
} from '../../../test/fixtures/audio.ts';
import { AudioDecodeError } from '../decoding/ffmpeg.ts';
import { loadMoonshine } from '../recognition/moonshine.ts';
import { labelSegments, splitText, transcribeFile } from './pipeline.ts';
import { segmentationFor } from './transcriber.ts';

const dir = fixtureTempDir('parley-pipeline-');

/** A WAV file made by one of ffmpeg's generated sources (lavfi), e.g. silence or noise. */
function generatedAudio(name: string, source: string, seconds: number): string {
  const path = join(dir, name);
  execFileSync(fixtureFfmpeg(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, '-t', String(seconds), path]);
  return path;
}

describe('transcribeFile', () => {
  it('transcribes real speech with progress that grows to 1', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const progress: number[] = [];
    const r = await transcribeFile(jfkWavPath(), { engine, onProgress: (f) => progress.push(f) });
    expect(r.durationSeconds).toBeCloseTo(11, 1);
    expect(r.diarization).toBe('ok');
    expect(wordErrorRate(JFK_TEXT, r.segments.map((s) => s.text).join(' '))).toBeLessThanOrEqual(0.05);
    expect(r.segments.every((s) => s.speaker === 'Speaker 1')).toBe(true);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(3);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThan(progress[i - 1]!);
  });

  it('labels a three-speaker meeting with three labels and keeps segments ordered', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const meeting = makeMultiSpeakerMeeting({ speakers: 3, dir });
    const r = await transcribeFile(meeting.path, { engine });
    // one reader recorded in two sessions stays one person (speaker tracks, docs/decisions/017)
    expect(r.speakerCount).toBe(3);
    expect(speakerAttribution(meeting.turns, r.segments)).toBeGreaterThanOrEqual(0.9);
    for (let i = 1; i < r.segments.length; i++)
      expect(r.segments[i]!.startTime).toBeGreaterThanOrEqual(r.segments[i - 1]!.startTime);
    expect(
      r.segments
        .map((s) => s.text)
        .join(' ')
        .toLowerCase(),
    ).toContain('my fellow americans');
  });

  it('cuts transcript segments at speaker changes when people follow each other without a pause', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    // 0.1 s between turns: the VAD sees one stretch of speech across the change
    const meeting = makeMultiSpeakerMeeting({ speakers: 3, dir, gapSeconds: 0.1 });
    const r = await transcribeFile(meeting.path, { engine });
    const purity = r.segments.map((s) => {
      const byTurnSpeaker = new Map<string, number>();
      for (const t of meeting.turns) {
        const ov = Math.min(s.endTime, t.end) - Math.max(s.startTime, t.start);
        if (ov > 0) byTurnSpeaker.set(t.speaker, (byTurnSpeaker.get(t.speaker) ?? 0) + ov);
      }
      return Math.max(0, ...byTurnSpeaker.values()) / (s.endTime - s.startTime);
    });
    // each segment holds one person (a word's worth of slack at the cut)
    const mixed = purity.filter((p) => p < 0.8).length;
    expect(mixed).toBeLessThanOrEqual(Math.floor(r.segments.length / 10));
    expect(speakerAttribution(meeting.turns, r.segments)).toBeGreaterThanOrEqual(0.85);
  });

  it("hears a short phrase with the speech after a pause (base's pieces) without showing the pause as speech", async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    // "ten of clubs", 1.3 s of silence (about 1.8 s with the clips' own quiet edges), JFK
    const joined = joinClips(
      [
        { speaker: 'cards', path: join(POCKETSPHINX_DIR, 'cards', '001.wav') },
        { speaker: 'jfk', path: jfkWavPath() },
      ],
      join(dir, 'phrase-pause-speech.wav'),
      1.3,
    );
    const r = await transcribeFile(joined.path, { engine, segmentation: segmentationFor('moonshine-base') });
    const text = r.segments.map((s) => s.text).join(' ');
    expect(wordErrorRate(`ten of clubs ${JFK_TEXT}`, text)).toBeLessThanOrEqual(0.15);
    // the middle of the pause belongs to no segment, and the phrase's words sit before it
    const pause = joined.turns[0]!.end + 0.65;
    expect(r.segments.some((s) => s.startTime < pause && s.endTime > pause)).toBe(false);
    expect(r.segments[0]!.endTime).toBeLessThan(pause);
    expect(r.segments[0]!.text.toLowerCase()).toMatch(/clubs/);
  });

  it('hears each side of a joined piece alone when the recogniser gives nothing for the two together', async () => {
    const engine = await loadMoonshine({ size: 'base' });
    // JFK's last words, 1.6 s of silence, then a radio amateur: base gives "" for the joined piece
    const meeting = makeMultiSpeakerMeeting({ speakers: 4, dir });
    const r = await transcribeFile(meeting.path, { engine, segmentation: segmentationFor('moonshine-base') });
    const radio = meeting.turns.find((t) => t.speaker === 'vk5qi')!;
    const heard = r.segments.filter((s) => s.startTime < radio.end && s.endTime > radio.start);
    expect(heard.map((s) => s.text).join(' ')).toMatch(/victor kilo/i);
    expect(speakerAttribution(meeting.turns, r.segments)).toBeGreaterThanOrEqual(0.95);
  });

  it('finds the words of a quiet recording (real speech 40 dB down, as from a distant microphone)', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const quiet = join(dir, 'jfk-quiet.wav');
    execFileSync(fixtureFfmpeg(), ['-v', 'error', '-y', '-i', jfkWavPath(), '-af', 'volume=-40dB', quiet]);
    const r = await transcribeFile(quiet, { engine });
    // without the level-adjusted VAD input the first half ("and so my fellow americans ask not what") is lost
    expect(wordErrorRate(JFK_TEXT, r.segments.map((s) => s.text).join(' '))).toBeLessThanOrEqual(0.15);
  });

  it('finds no speech in quiet steady background noise although the level step raises it', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const hiss = generatedAudio('hiss.wav', 'anoisesrc=r=16000:a=0.0005:c=pink', 8);
    const gains: number[] = [];
    const logger = { info: (o: { vadGain?: number }) => o.vadGain && gains.push(o.vadGain), warn: () => {} };
    const r = await transcribeFile(hiss, { engine, logger });
    expect(gains.length).toBe(1);
    expect(gains[0]).toBeGreaterThan(4); // raised, but its background only up to -50 dBFS
    expect(r.segments).toEqual([]);
  });

  it('keeps the transcript on Speaker 1 when speaker detection fails', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const warnings: unknown[] = [];
    const r = await transcribeFile(jfkWavPath(), {
      engine,
      // fault injection: the speaker stage throws
      diarizer: () => {
        throw new Error('clustering exploded');
      },
      logger: { info: () => {}, warn: (o) => warnings.push(o) },
    });
    expect(r.diarization).toBe('failed');
    expect(r.diarizationError).toBe('clustering exploded');
    expect(r.segments.length).toBeGreaterThan(0);
    expect(r.segments.every((s) => s.speaker === 'Speaker 1')).toBe(true);
    expect(wordErrorRate(JFK_TEXT, r.segments.map((s) => s.text).join(' '))).toBeLessThanOrEqual(0.05);
    expect(warnings.length).toBe(1);
  });

  it('rejects a file that is not audio before doing any work', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const bad = join(dir, 'not-audio.mp3');
    writeFileSync(bad, 'this is not an mp3 file at all'.repeat(100));
    await expect(transcribeFile(bad, { engine })).rejects.toBeInstanceOf(AudioDecodeError);
  });

  it('honours an AbortSignal promptly', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const long = join(dir, 'long.ogg');
    execFileSync(fixtureFfmpeg(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-stream_loop',
      '20',
      '-i',
      jfkWavPath(),
      '-c:a',
      'libopus',
      long,
    ]);
    const ac = new AbortController();
    // Measured from the abort, not from the start: reaching 10% of the file is the work a loaded machine
    // slows, not what this test is about. The furthest progress shows the rest of the file was not heard.
    let abortedAt = 0;
    let furthest = 0;
    const run = transcribeFile(long, {
      engine,
      signal: ac.signal,
      onProgress: (f) => {
        furthest = Math.max(furthest, f);
        if (f > 0.1 && !abortedAt) {
          abortedAt = Date.now();
          ac.abort(new Error('user cancelled'));
        }
      },
    });
    await expect(run).rejects.toThrow('user cancelled');
    expect(Date.now() - abortedAt).toBeLessThan(20_000);
    expect(furthest).toBeLessThan(0.5);
  });

  it('returns no segments for silence', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const silent = generatedAudio('silence.wav', 'anullsrc=r=16000:cl=mono', 3);
    const r = await transcribeFile(silent, { engine });
    expect(r.durationSeconds).toBeCloseTo(3, 1);
    expect(r.segments).toEqual([]);
    expect(r.diarization).toBe('ok');
  });
});

describe('splitText', () => {
  it('shares the words of a piece out to its speaker parts by duration', () => {
    const parts = [
      { start: 0, end: 3, speaker: 'Speaker 1' },
      { start: 3, end: 4, speaker: 'Speaker 2' },
    ];
    expect(splitText('one two three four five six seven eight', parts)).toEqual([
      { start: 0, end: 3, speaker: 'Speaker 1', text: 'one two three four five six' },
      { start: 3, end: 4, speaker: 'Speaker 2', text: 'seven eight' },
    ]);
  });

  it('gives a part without words to its neighbour', () => {
    const parts = [
      { start: 0, end: 5, speaker: 'Speaker 1' },
      { start: 5, end: 5.2, speaker: 'Speaker 2' },
    ];
    expect(splitText('yes indeed', parts)).toEqual([{ start: 0, end: 5.2, speaker: 'Speaker 1', text: 'yes indeed' }]);
  });

  it('shows nothing for an overlap segment the speaker stage gave no second voice', () => {
    expect(splitText('the same words again', [])).toEqual([]);
  });
});

describe('labelSegments', () => {
  it("keeps a segment's words under its speaker when the speaker stage finds a second voice over it", () => {
    // a low voice heard over the segment's person (diarize.ts, docs/decisions/025): shown, given no words
    const parts = [
      [
        { start: 0, end: 4, speaker: 'Speaker 1' },
        { start: 1, end: 2.5, speaker: 'Speaker 2', overlap: true },
      ],
    ];
    expect(labelSegments([{ text: 'I think there is a big break' }], parts)).toEqual([
      { start: 0, end: 4, speaker: 'Speaker 1', text: 'I think there is a big break' },
      { start: 1, end: 2.5, speaker: 'Speaker 2', text: UNHEARD_SEGMENT_TEXT, overlap: true },
    ]);
  });
});
