/**
 * The label stage: the recognised segments under the speakers the speaker stage found, each with the
 * voice statistics of its speech (voice-stats.ts, kept for speaker names).
 */
import { UNHEARD_SEGMENT_TEXT } from '@parley/contract';
import { splitText } from '../recognition/split-text.ts';
import type { SpeakerTracks } from '../speech/segmentation.ts';
import type { SegmentPart, SpeakerBlock } from './diarize.ts';
import { followVoiceEdges } from './edges.ts';
import { keepDistinctSecondVoices } from './second-voices.ts';
import type { FoundSpeakers } from './speaker-stage.ts';
import { encodeVoice, segmentVoices } from './voice-stats.ts';

export interface TranscriptSegment {
  speaker: string;
  text: string;
  /** Seconds from the start of the recording. */
  startTime: number;
  endTime: number;
  /** The segment's voice statistics, stored form (voice-stats.ts); absent when no speech block fell in it. */
  voice?: string;
}

export interface LabelInput {
  segments: Array<{ text: string; start: number; end: number; overlap?: boolean }>;
  speakers: Pick<FoundSpeakers, 'parts' | 'speakerOfTrack'>;
  blocks: SpeakerBlock[];
  /** The segmentation's tracks, when segment edges follow the voices (edges.ts). */
  tracks?: SpeakerTracks;
}

/** The transcript, ordered by start; how many speakers it names is people.ts countSpeakers'. */
export function labelStage(input: LabelInput): { segments: TranscriptSegment[] } {
  const { speakers, blocks } = input;
  // a segment without a word (a second voice marked unheard, decision 024) is never stored or shown (decision 241)
  const labelled = labelSegments(input.segments, speakers.parts, input.tracks, speakers.speakerOfTrack).filter((s) =>
    hasWord(s.text),
  );
  // a second voice's segment lies inside another's speech: the blocks there describe the other voice
  const measured = labelled.flatMap((s, i) => (s.overlap ? [] : [i]));
  const measuredVoices = segmentVoices(
    blocks,
    measured.map((i) => ({ startTime: labelled[i]!.start, endTime: labelled[i]!.end })),
  );
  const voices = new Map(measured.map((i, k) => [i, measuredVoices[k]]));
  const segments = labelled.map((s, i) => {
    const voice = voices.get(i);
    return {
      speaker: s.speaker,
      text: s.text,
      startTime: round3(s.start),
      endTime: round3(s.end),
      ...(voice ? { voice: encodeVoice(voice) } : {}),
    };
  });
  return { segments };
}

/**
 * The recognised segments under their speakers: each cut at its speaker changes (splitText), then,
 * with the segmentation's tracks and their people, edges moved out to where the model stops hearing
 * the segment's person (edges.ts); second voices that are the person speaking there anyway are
 * dropped (second-voices.ts). Ordered by start.
 */
export function labelSegments(
  segments: Array<{ text: string; overlap?: boolean }>,
  parts: SegmentPart[][],
  tracks?: SpeakerTracks,
  speakerOfTrack?: ReadonlyMap<number, string>,
): Array<SegmentPart & { text: string; overlap?: boolean }> {
  const labelled = segments.flatMap((s, i) => {
    // a second voice the speaker stage found over the segment takes none of its words (diarize.ts)
    const own = parts[i]!.filter((p) => !p.overlap);
    const over = parts[i]!.filter((p) => p.overlap).map((p) => ({ ...p, text: UNHEARD_SEGMENT_TEXT, overlap: true }));
    const split = own.length ? splitText(s.text, own) : [];
    return [...split.map((p) => (s.overlap ? { ...p, overlap: true } : p)), ...over];
  });
  if (tracks && speakerOfTrack) followVoiceEdges(labelled, tracks, speakerOfTrack);
  labelled.sort((a, b) => a.start - b.start);
  keepDistinctSecondVoices(labelled);
  return labelled;
}

/** Whether a segment's text holds a word (a letter or a digit): "…" does not. */
export function hasWord(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
