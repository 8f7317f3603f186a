/**
 * A file heard as one stream: mono, ordinary stereo (its mono mix, each side's level measured for the
 * speaker stage, decision 016), more channels (ffmpeg's downmix): decode → speech → recognise →
 * speakers → label.
 */
import { throwIfAborted } from '../abort.ts';
import { AudioDecodeError } from '../decoding/ffmpeg.ts';
import { decodeSource, type ProbedSource } from '../decoding/source.ts';
import type { AsrEngine } from '../recognition/engine.ts';
import { labelStage } from '../speakers/label.ts';
import { type SpeakerSettings, speakerStage } from '../speakers/speaker-stage.ts';
import { type HearSettings, hear } from './hear.ts';
import type { TranscriptionProgress } from './progress.ts';
import type { HeardTranscript } from './transcript.ts';

export interface StageRun {
  engine: AsrEngine;
  vadGain: number;
  signal?: AbortSignal;
  progress: TranscriptionProgress;
  /** Called when the speaker stage fails (the transcript is then kept on one speaker). */
  onSpeakersFailed: (error: unknown) => void;
}

export type MixSettings = HearSettings & SpeakerSettings & { voiceEdges?: boolean };

export async function transcribeMix(
  source: ProbedSource,
  settings: MixSettings,
  run: StageRun,
): Promise<HeardTranscript> {
  const { engine, vadGain, signal, progress } = run;
  const audio = decodeSource(source, signal);
  const sideOf = audio.balance && ((frame: number) => audio.balance!.sideOfFrame(frame));
  const [stream] = progress.stream(1);
  const heard = await hear(audio.pcm, engine, settings, {
    vadGain,
    ...(sideOf && { sideOf }),
    signal,
    progress: stream!,
  });
  throwIfAborted(signal);
  if (audio.samples() === 0) throw new AudioDecodeError('empty', 'The file contains no audio samples.');
  const recognisedAt = performance.now();
  progress.recognised();

  const tracks = await heard.tracks();
  const speakers = speakerStage({ ...heard, tracks, balance: audio.balance }, settings, run.onSpeakersFailed);
  const labelled = labelStage({
    segments: heard.segments,
    speakers,
    blocks: heard.blocks,
    tracks: settings.voiceEdges === false ? undefined : tracks,
  });
  return {
    ...labelled,
    diarization: speakers.diarization,
    ...(speakers.diarizationError !== undefined && { diarizationError: speakers.diarizationError }),
    samples: audio.samples(),
    recognitionWaited: heard.recognitionWaited,
    recognisedAt,
  };
}
