import { describe, expect, it } from 'vitest';
import {
  dominantLabelShare,
  makeMultiSpeakerMeeting,
  oneVoicePath,
  speakerAttribution,
} from '../../test/fixtures/audio.ts';
import { diarize, SpeakerFeatures } from './diarize.ts';
import { decodePcmStream } from './ffmpeg.ts';
import { SileroVad, speechPieces } from './vad.ts';

/** Speech pieces (as transcript segments) and speaker features of a file, without recognition. */
async function analyse(path: string) {
  const vad = await SileroVad.load();
  const features = new SpeakerFeatures();
  const segments: Array<{ start: number; end: number }> = [];
  for await (const p of speechPieces(decodePcmStream(path), { vad })) {
    features.addPiece(p);
    segments.push({ start: p.start, end: p.end });
  }
  return { blocks: features.blocks, segments };
}

function labelled(segments: Array<{ start: number; end: number }>, labels: string[]) {
  return segments.map((s, i) => ({ speaker: labels[i]!, startTime: s.start, endTime: s.end }));
}

describe('diarize (speaker count not given)', () => {
  it('keeps one voice (112 s of one radio amateur) on one speaker', async () => {
    const { blocks, segments } = await analyse(oneVoicePath());
    expect(blocks.length).toBeGreaterThan(50);
    const r = diarize(blocks, segments);
    expect(r.speakerCount).toBe(1);
    expect(new Set(r.labels)).toEqual(new Set(['Speaker 1']));
    expect(dominantLabelShare(labelled(segments, r.labels))).toBe(1);
  });

  it('finds the three speakers of a joined meeting and attributes ≥ 85% of the speech', async () => {
    const meeting = makeMultiSpeakerMeeting({ speakers: 3 });
    const { blocks, segments } = await analyse(meeting.path);
    const r = diarize(blocks, segments);
    expect(r.speakerCount).toBe(3);
    expect(speakerAttribution(meeting.turns, labelled(segments, r.labels))).toBeGreaterThanOrEqual(0.85);
    // numbered in order of first appearance
    expect(r.labels[0]).toBe('Speaker 1');
    const firstSeen = [...new Set(r.labels)];
    expect(firstSeen).toEqual(firstSeen.map((_, i) => `Speaker ${i + 1}`));
  });

  it('finds four speakers when a fourth joins', async () => {
    const meeting = makeMultiSpeakerMeeting({ speakers: 4 });
    const { blocks, segments } = await analyse(meeting.path);
    const r = diarize(blocks, segments);
    expect(r.speakerCount).toBe(4);
    expect(speakerAttribution(meeting.turns, labelled(segments, r.labels))).toBeGreaterThanOrEqual(0.85);
  });

  it('handles nothing to cluster', () => {
    expect(diarize([], []).labels).toEqual([]);
    expect(diarize([], [{ start: 0, end: 1 }]).labels).toEqual(['Speaker 1']);
  });
});
