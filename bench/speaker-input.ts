/**
 * What the speaker stage is given for one recording (speaker blocks with their pitch, recognised segments, the
 * segmentation's tracks), written to and read from JSON, so that `speaker-replay.ts` can re-run the
 * speaker stage alone on a saved `npm run meetings` run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { GaussStats } from '../packages/server/src/audio/speakers/gaussian.ts';
import { PitchStats } from '../packages/server/src/audio/speakers/pitch.ts';
import type { SpeakerBlock } from '../packages/server/src/audio/speakers/speaker-features.ts';
import type { SpeakerTracks } from '../packages/server/src/audio/speech/segmentation.ts';

export interface SpeakerInput {
  blocks: SpeakerBlock[];
  segments: Array<{ text: string; start: number; end: number; overlap?: boolean }>;
  tracks?: SpeakerTracks;
}

export function saveSpeakerInput(path: string, input: SpeakerInput): void {
  const blocks = input.blocks.map((b) => ({
    start: b.start,
    end: b.end,
    channelBalanceDb: b.channelBalanceDb,
    n: b.stats.n,
    sum: [...b.stats.sum],
    outer: [...b.stats.outer],
    pitch: b.pitch && [...b.pitch.counts],
  }));
  const t = input.tracks;
  const tracks = t && { ...t, first: [...t.first], second: [...t.second] };
  writeFileSync(path, JSON.stringify({ blocks, segments: input.segments, tracks }));
}

export function loadSpeakerInput(path: string): SpeakerInput {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as {
    blocks: Array<{
      start: number;
      end: number;
      channelBalanceDb?: number;
      n: number;
      sum: number[];
      outer: number[];
      pitch?: number[];
    }>;
    segments: SpeakerInput['segments'];
    tracks?: Omit<SpeakerTracks, 'first' | 'second'> & { first: number[]; second: number[] };
  };
  const blocks = raw.blocks.map((b) => {
    const stats = new GaussStats(b.sum.length);
    stats.n = b.n;
    stats.sum.set(b.sum);
    stats.outer.set(b.outer);
    return {
      start: b.start,
      end: b.end,
      stats,
      ...(b.pitch && { pitch: new PitchStats(b.pitch) }),
      ...(b.channelBalanceDb !== undefined && { channelBalanceDb: b.channelBalanceDb }),
    };
  });
  const t = raw.tracks;
  const tracks = t && { ...t, first: Int32Array.from(t.first), second: Int32Array.from(t.second) };
  return { blocks, segments: raw.segments, tracks };
}
