/**
 * The speakers stage: the recognised segments, the speech's voice features and the segmentation
 * model's tracks in; each segment's speaker parts out (diarize.ts). A failure here never loses the
 * transcript: every segment is then on 'Speaker 1' and the stage says it failed.
 */
import type { ChannelBalance } from '../decoding/channels.ts';
import type { SpeakerTracks } from '../speech/segmentation.ts';
import {
  type DiarizationResult,
  type DiarizeOptions,
  diarize,
  type SegmentPart,
  type SpeakerBlock,
} from './diarize.ts';

export type Diarizer = (
  blocks: SpeakerBlock[],
  segments: Array<{ start: number; end: number }>,
  options?: DiarizeOptions,
  tracks?: SpeakerTracks,
) => DiarizationResult;

export interface SpeakerSettings {
  diarizeOptions?: DiarizeOptions;
  /** Replace the speaker stage (default: diarize from diarize.ts). */
  diarizer?: Diarizer;
}

export interface FoundSpeakers {
  /** Per recognised segment, its speaker parts (none for a second voice nobody was found for). */
  parts: SegmentPart[][];
  /** The person of each of the segmentation model's tracks, when they were used (edges.ts). */
  speakerOfTrack?: Map<number, string>;
  diarization: 'ok' | 'failed';
  diarizationError?: string;
}

export interface SpeakerInput {
  segments: Array<{ start: number; end: number; overlap?: boolean }>;
  blocks: SpeakerBlock[];
  tracks?: SpeakerTracks;
  /** Each side's level, for a two-channel recording (channels.ts): the blocks take their balance from it. */
  balance?: ChannelBalance;
}

export function speakerStage(
  input: SpeakerInput,
  settings: SpeakerSettings,
  onFailure: (error: unknown) => void,
): FoundSpeakers {
  const { segments, blocks, tracks, balance } = input;
  if (balance) for (const b of blocks) b.channelBalanceDb = balance.balanceDb(b.start, b.end);
  try {
    const diarizer = settings.diarizer ?? diarize;
    const r = diarizer(blocks, segments, settings.diarizeOptions, tracks);
    if (r.parts.length !== segments.length)
      throw new Error(`diarizer returned ${r.parts.length} results for ${segments.length} segments`);
    return { parts: r.parts, ...(r.speakerOfTrack && { speakerOfTrack: r.speakerOfTrack }), diarization: 'ok' };
  } catch (e) {
    onFailure(e);
    // without speakers there is no second voice to show: overlap segments are left out
    return {
      parts: segments.map((s) => (s.overlap ? [] : [{ start: s.start, end: s.end, speaker: 'Speaker 1' }])),
      diarization: 'failed',
      diarizationError: e instanceof Error ? e.message : String(e),
    };
  }
}
