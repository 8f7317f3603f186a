import { describe, expect, it } from 'vitest';
import { diarizationErrorRate } from '../../../../../bench/scoring/der.ts';
import {
  amiMeeting,
  CODEC2_WAV_DIR,
  dominantLabelShare,
  fixtureTempDir,
  joinClips,
  makeMultiSpeakerMeeting,
  oneVoicePath,
  speakerAttribution,
} from '../../../test/fixtures/audio.ts';
import { decodePcmStream } from '../decoding/ffmpeg.ts';
import { measureLevel, vadGainFor } from '../decoding/level.ts';
import { SpeakerSegmentation } from '../speech/segmentation.ts';
import { SileroVad, speechPieces } from '../speech/vad.ts';
import { type DiarizationResult, diarize, SpeakerFeatures } from './diarize.ts';
import { sample, voice } from './synthetic-voices.ts';

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

/** The same with the segmentation model's speaker tracks, as the pipeline's default path. */
async function analyseWithTracks(path: string) {
  const gain = vadGainFor(await measureLevel(path));
  const vad = await SileroVad.load();
  const seg = await SpeakerSegmentation.load({ gain });
  const features = new SpeakerFeatures();
  const segments: Array<{ start: number; end: number }> = [];
  for await (const p of speechPieces(seg.hearing(decodePcmStream(path)), { vad, vadGain: gain })) {
    features.addPiece(p);
    segments.push({ start: p.start, end: p.end });
  }
  return { blocks: features.blocks, segments, tracks: await seg.finish() };
}

/** The transcript segments as the pipeline makes them: each piece cut into its speaker parts. */
function labelled(r: DiarizationResult) {
  return r.parts.flat().map((p) => ({ speaker: p.speaker, startTime: p.start, endTime: p.end }));
}

describe('diarize (speaker count not given)', () => {
  it('keeps one voice (112 s of one radio amateur) on one speaker', async () => {
    const { blocks, segments } = await analyse(oneVoicePath());
    expect(blocks.length).toBeGreaterThan(50);
    const r = diarize(blocks, segments);
    expect(r.speakerCount).toBe(1);
    expect(new Set(r.labels)).toEqual(new Set(['Speaker 1']));
    expect(dominantLabelShare(labelled(r))).toBe(1);
  });

  it('keeps one voice on one speaker however long it talks (the 112 s recording three times over, 339 s)', async () => {
    // ΔBIC's evidence grows with the speech: before the final pass (clustering.ts finalMerge) this
    // gave 10 labels, its recurring kinds of passage each holding enough speech to stand alone
    const long = joinClips(
      [0, 1, 2].map(() => ({ speaker: 've9qrp', path: oneVoicePath() })),
      `${fixtureTempDir()}/one-voice-339s.wav`,
      1.0,
    );
    const { blocks, segments } = await analyse(long.path);
    expect(blocks.length).toBeGreaterThan(500);
    const r = diarize(blocks, segments);
    expect(r.speakerCount).toBe(1);
    expect(dominantLabelShare(labelled(r))).toBe(1);
  });

  it('finds the three speakers of a joined meeting and attributes ≥ 85% of the speech', async () => {
    const meeting = makeMultiSpeakerMeeting({ speakers: 3 });
    const { blocks, segments } = await analyse(meeting.path);
    const r = diarize(blocks, segments);
    // the stopping rule is calibrated on real meetings; a LibriVox clip recorded in another session
    // may come out as a fourth voice (docs/decisions/012), which costs attribution, checked below
    expect([3, 4]).toContain(r.speakerCount);
    expect(speakerAttribution(meeting.turns, labelled(r))).toBeGreaterThanOrEqual(0.85);
    // numbered in order of first appearance
    expect(r.labels[0]).toBe('Speaker 1');
    const firstSeen = [...new Set(r.labels)];
    expect(firstSeen).toEqual(firstSeen.map((_, i) => `Speaker ${i + 1}`));
  });

  it('finds four speakers when a fourth joins', async () => {
    const meeting = makeMultiSpeakerMeeting({ speakers: 4 });
    const { blocks, segments } = await analyse(meeting.path);
    const r = diarize(blocks, segments);
    expect([4, 5]).toContain(r.speakerCount);
    expect(speakerAttribution(meeting.turns, labelled(r))).toBeGreaterThanOrEqual(0.85);
  });

  it('tells a woman and a man apart by pitch in a few seconds of speech, too little for the statistics', async () => {
    // codec2-examples' reference recordings: a woman (forig, ~180 Hz) then a man (morig, ~110 Hz), 3.6 s
    const joined = joinClips(
      [
        { speaker: 'woman', path: `${CODEC2_WAV_DIR}/forig.wav` },
        { speaker: 'man', path: `${CODEC2_WAV_DIR}/morig.wav` },
      ],
      `${fixtureTempDir()}/woman-man.wav`,
    );
    const { blocks, segments } = await analyse(joined.path);
    expect(blocks.length).toBeLessThan(8); // below the statistics' minimum (diarize minBlocks)
    expect(diarize(blocks, segments, { pitch: false }).speakerCount).toBe(1);
    const r = diarize(blocks, segments);
    expect(r.speakerCount).toBe(2);
    expect(speakerAttribution(joined.turns, labelled(r))).toBeGreaterThanOrEqual(0.85);
  });

  it("gives a man's voice inside two women's track a person of its own by its pitch (AMI meeting EN2006b)", async () => {
    // MEE089 says "Yeah" (~100 Hz) over FEE088 (~175 Hz); the model hears one voice there and the
    // statistics keep it with the women (docs/decisions/025)
    const { path, truth } = amiMeeting('ami-trn08-EN2006b');
    const { blocks, segments, tracks } = await analyseWithTracks(path);
    const without = diarize(blocks, segments, { pitch: false }, tracks);
    const withPitch = diarize(blocks, segments, {}, tracks);
    expect(withPitch.speakerCount).toBe(without.speakerCount + 1);
    const der = diarizationErrorRate(truth.turns, withPitch.parts.flat());
    expect(der.mapping.MEE089).toBeDefined();
    expect(diarizationErrorRate(truth.turns, without.parts.flat()).mapping.MEE089).toBeUndefined();
    // the man's part is where he speaks
    const his = withPitch.parts.flat().filter((p) => p.speaker === der.mapping.MEE089);
    const turns = truth.turns.filter((t) => t.speaker === 'MEE089');
    for (const p of his) expect(turns.some((t) => t.start < p.end && t.end > p.start)).toBe(true);
    // ... and FEE088 speaks on across it: he is a second voice over her segment, which is not cut
    // there (its words stay hers), so his part is an overlap beside her own parts
    expect(his.length).toBeGreaterThan(0);
    for (const p of his) expect(p.overlap).toBe(true);
    const hers = withPitch.parts.find((ps) => ps.some((p) => p.speaker === der.mapping.MEE089))!;
    const own = hers.filter((p) => !p.overlap);
    expect(own.length).toBeGreaterThan(0);
    for (const p of his) expect(own.some((o) => o.start <= p.start && o.end >= p.end)).toBe(true);
    expect(own.some((o) => o.speaker === der.mapping.MEE089)).toBe(false);
  });

  it('separates two real people talking in turns on one channel (AMI meeting EN2001)', async () => {
    const { path, truth } = amiMeeting('ami-EN2001-team');
    const { blocks, segments } = await analyse(path);
    const r = diarize(blocks, segments);
    expect(r.speakerCount).toBeGreaterThanOrEqual(2);
    const der = diarizationErrorRate(truth.turns, r.parts.flat());
    // the two people who hold most of the meeting get labels of their own
    expect(der.mapping.MEO069).toBeDefined();
    expect(der.mapping.MEE068).toBeDefined();
    expect(der.mapping.MEO069).not.toBe(der.mapping.MEE068);
    expect(der.confusion / der.total).toBeLessThan(0.1);
  });

  it('cuts a segment where the speaker changes inside it', () => {
    // one transcript segment over two voices that the blocks tell apart
    const a = voice(0);
    const b = voice(1);
    const blocks = [a, a, a, a, a, a, b, b, b, b, b, b].map((m, i) => ({
      start: i * 0.5,
      end: i * 0.5 + 0.5,
      stats: sample(50, m, 500 + i),
    }));
    const r = diarize(blocks, [{ start: 0, end: 6 }]);
    expect(r.parts[0]).toEqual([
      { start: 0, end: 3, speaker: 'Speaker 1' },
      { start: 3, end: 6, speaker: 'Speaker 2' },
    ]);
  });

  it('splits a two-channel call by side even when the two voices are alike, and only then', () => {
    // one synthetic voice for both parties: the statistics alone cannot tell them apart
    const a = voice(0);
    const sideOf = (i: number) => (Math.floor(i / 8) % 2 === 0 ? 24 : -24); // turns of 4 s, left then right
    const blocks = Array.from({ length: 48 }, (_, i) => ({
      start: i * 0.5,
      end: i * 0.5 + 0.5,
      stats: sample(50, a, 900 + i),
      channelBalanceDb: sideOf(i),
    }));
    const segments = Array.from({ length: 6 }, (_, k) => ({ start: k * 4, end: k * 4 + 4 }));
    const split = diarize(blocks, segments);
    expect(split.speakerCount).toBe(2);
    expect(split.labels).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 2']);
    // the same blocks without channel levels, with the split switched off, or as ordinary stereo: one voice
    const mono = blocks.map(({ channelBalanceDb: _, ...b }) => b);
    expect(diarize(mono, segments).speakerCount).toBe(1);
    expect(diarize(blocks, segments, { channels: false }).speakerCount).toBe(1);
    const roomStereo = blocks.map((b) => ({ ...b, channelBalanceDb: b.channelBalanceDb / 4 }));
    expect(diarize(roomStereo, segments).speakerCount).toBe(1);
  });

  it('still tells voices apart within one side of a call (a room on one line, a caller on the other)', () => {
    const room = [voice(0), voice(1)];
    const caller = voice(2);
    // 4 s turns: room person A, caller, room person B, caller, A, B
    const plan = [
      { m: room[0]!, db: 25 },
      { m: caller, db: -25 },
      { m: room[1]!, db: 25 },
      { m: caller, db: -25 },
      { m: room[0]!, db: 25 },
      { m: room[1]!, db: 25 },
    ];
    const blocks = plan.flatMap((turn, k) =>
      Array.from({ length: 8 }, (_, j) => ({
        start: k * 4 + j * 0.5,
        end: k * 4 + j * 0.5 + 0.5,
        stats: sample(50, turn.m, 1200 + k * 8 + j),
        channelBalanceDb: turn.db,
      })),
    );
    const r = diarize(
      blocks,
      plan.map((_, k) => ({ start: k * 4, end: k * 4 + 4 })),
    );
    expect(r.labels).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 3', 'Speaker 2', 'Speaker 1', 'Speaker 3']);
  });

  it('handles nothing to cluster', () => {
    expect(diarize([], []).labels).toEqual([]);
    expect(diarize([], [{ start: 0, end: 1 }]).labels).toEqual(['Speaker 1']);
  });
});
