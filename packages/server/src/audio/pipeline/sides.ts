/**
 * A call heard side by side (decision 241): a two-channel file with one party per side is decoded as
 * two streams, each heard and recognised alone (hear.ts), speech that one side only holds as the
 * other side's echo is dropped, each side's speakers are told apart and labelled alone, and the two
 * transcripts are merged in time with labels numbered across both in order of appearance: no label
 * holds words of both sides.
 */
import { throwIfAborted } from '../abort.ts';
import { echoOf, type FrameLevels } from '../decoding/channels.ts';
import { AudioDecodeError } from '../decoding/ffmpeg.ts';
import { decodeSides } from '../decoding/sides.ts';
import type { ProbedSource } from '../decoding/source.ts';
import type { RecognisedSegment } from '../recognition/recognise-stage.ts';
import { labelStage, type TranscriptSegment } from '../speakers/label.ts';
import { speakerStage } from '../speakers/speaker-stage.ts';
import { type HeardAudio, hear } from './hear.ts';
import type { MixSettings, StageRun } from './mix.ts';
import type { HeardTranscript } from './transcript.ts';

const SIDES = [0, 1] as const;

export async function transcribeSides(
  source: ProbedSource,
  settings: MixSettings,
  run: StageRun & { bleed?: [number, number]; copy?: [number, number] },
): Promise<HeardTranscript> {
  const { engine, vadGain, signal, progress } = run;
  const audio = decodeSides(source, {
    signal,
    ...(run.bleed && { bleed: run.bleed }),
    ...(run.copy && { copy: run.copy }),
  });
  const streams = progress.stream(2);
  // both sides stream at once; the recogniser takes their pieces in turn
  const heard = await Promise.all(
    SIDES.map((side) => hear(audio[side]!.pcm, engine, settings, { vadGain, signal, progress: streams[side]! })),
  );
  throwIfAborted(signal);
  const samples = Math.max(audio[0]!.samples(), audio[1]!.samples());
  if (samples === 0) throw new AudioDecodeError('empty', 'The file contains no audio samples.');
  const recognisedAt = performance.now();
  progress.recognised();

  const levels = [audio[0]!.levels, audio[1]!.levels] as const;
  const kept = SIDES.map((side) => withoutEchoes(heard[side]!, heard[1 - side]!, levels[side], levels[1 - side]!));
  const labelled = await Promise.all(SIDES.map((side) => labelSide(heard[side]!, kept[side]!, settings, run)));
  const { segments, sides } = mergeSides(labelled.map((l) => l.segments));
  const failed = labelled.find((l) => l.diarization === 'failed');
  return {
    segments,
    diarization: failed ? 'failed' : 'ok',
    ...(failed?.diarizationError !== undefined && { diarizationError: failed.diarizationError }),
    sides,
    samples,
    recognitionWaited: heard[0]!.recognitionWaited + heard[1]!.recognitionWaited,
    recognisedAt,
  };
}

/** The side's segments but those it only holds as the other side's echo (echoOf), where the other side has speech too. */
function withoutEchoes(own: HeardAudio, other: HeardAudio, levels: FrameLevels, otherLevels: FrameLevels) {
  return own.segments.filter(
    (s) =>
      !other.segments.some((o) => o.start < s.end && s.start < o.end) || !echoOf(levels, otherLevels, s.start, s.end),
  );
}

async function labelSide(heard: HeardAudio, segments: RecognisedSegment[], settings: MixSettings, run: StageRun) {
  const tracks = await heard.tracks();
  const speakers = speakerStage({ segments, blocks: heard.blocks, tracks }, settings, run.onSpeakersFailed);
  const labelled = labelStage({
    segments,
    speakers,
    blocks: heard.blocks,
    tracks: settings.voiceEdges === false ? undefined : tracks,
  });
  return { ...labelled, diarization: speakers.diarization, diarizationError: speakers.diarizationError };
}

/** Both sides' segments in time, each side's labels renamed 'Speaker N' across both in order of first appearance. */
export function mergeSides(bySide: TranscriptSegment[][]): {
  segments: TranscriptSegment[];
  sides: [string[], string[]];
} {
  const all = bySide.flatMap((segments, side) => segments.map((s) => ({ s, side })));
  all.sort((a, b) => a.s.startTime - b.s.startTime || a.side - b.side);
  const names = new Map<string, string>();
  const sides: [string[], string[]] = [[], []];
  const segments = all.map(({ s, side }) => {
    const key = `${side}:${s.speaker}`;
    let name = names.get(key);
    if (!name) {
      name = `Speaker ${names.size + 1}`;
      names.set(key, name);
      sides[side as 0 | 1].push(name);
    }
    return { ...s, speaker: name };
  });
  return { segments, sides };
}
