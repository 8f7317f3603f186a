/**
 * The offline transcription pipeline, a list of stages with typed inputs and outputs, each in the
 * folder of its concern:
 *
 *   decode (decoding/source.ts) → level (decoding/level-stage.ts) → speech (speech/speech-stage.ts)
 *   → recognise (recognition/recognise-stage.ts) → speakers (speakers/speaker-stage.ts)
 *   → label (speakers/label.ts)
 *
 * Speech and recognition run together over the streamed audio (hear.ts); the rest run one after
 * the other. This file only composes them.
 */
import { throwIfAborted } from '../abort.ts';
import { type ChannelJudgement, channelLayout } from '../decoding/layout.ts';
import { type LevelSettings, levelStage } from '../decoding/level-stage.ts';
import { type ProbedSource, probeSource } from '../decoding/source.ts';
import type { AsrEngine } from '../recognition/engine.ts';
import type { TranscriptSegment } from '../speakers/label.ts';
import { countSpeakers } from '../speakers/people.ts';
import type { SpeakerSettings } from '../speakers/speaker-stage.ts';
import type { HearSettings } from './hear.ts';
import { transcribeMix } from './mix.ts';
import { TranscriptionProgress } from './progress.ts';
import { transcribeSides } from './sides.ts';

export type { AsrEngine, SegmentingAsrEngine } from '../recognition/engine.ts';
export { splitText } from '../recognition/split-text.ts';
export { labelSegments, type TranscriptSegment } from '../speakers/label.ts';
export type { Diarizer } from '../speakers/speaker-stage.ts';

export interface TranscriptionResult {
  durationSeconds: number;
  /** Ordered by startTime. */
  segments: TranscriptSegment[];
  diarization: 'ok' | 'failed';
  diarizationError?: string;
  speakerCount: number;
  /** For a call heard side by side: each side's labels (0 left, 1 right). */
  sides?: [string[], string[]];
  /**
   * The file's audio channels as its header states them (absent when it does not say). More than two
   * are heard as one mix, ffmpeg's downmix of them all (decision 271).
   */
  channels?: number;
  engine: string;
  /** Wall-clock seconds spent, for logs and benchmarks. */
  timings: {
    total: number;
    probe: number;
    transcribe: number;
    diarize: number;
    /** Of `transcribe`, the time the recogniser waited for its next piece (the decoding side was behind). */
    recognitionWaited: number;
  };
}

/** Minimal logger shape (pino / Fastify compatible: object first, then message). */
export interface PipelineLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface TranscribeFileOptions extends HearSettings, SpeakerSettings {
  engine: AsrEngine;
  /** Called with a fraction in [0, 1] that only grows; 1 is reported once at the end. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  logger?: PipelineLogger;
  /** How quiet recordings are raised for speech detection, and where a long one is heard (see level.ts); false: never. */
  level?: LevelSettings;
  /**
   * Pieces decoded ahead of recognition; default 16 (≤ 20 MB of audio). The decoding side is only a
   * little faster than the recogniser and runs in bursts (the segmentation model's windows, silence
   * that gives no piece): with 3 the recogniser waited for pieces 3.5-4.3 s per 10 minutes, with 16
   * 1.3-1.6 s (the first piece included; decision 027).
   */
  lookahead?: number;
  /**
   * Speaker tracks from the segmentation model (speech/segmentation.ts) for the speaker stage, in
   * place of change detection; on unless false. Silero still cuts the recogniser's pieces, so
   * recognition hears exactly what it does without the model; `pieces: 'segmentation'`: the model's
   * speech activity cuts them too, with an extra piece for overlapped speech (measured worse for
   * words; docs/decisions/017). false: Silero and change detection only.
   */
  speakerSegmentation?: HearSettings['speakerSegmentation'];
  /**
   * With Silero's pieces and the segmentation beside them: speech the model hears that no piece
   * holds is recognised as extra pieces (missed-speech.ts); false: not.
   */
  missedSpeech?: boolean;
  /**
   * Where the segmentation model hears two voices at once (overlap-speech.ts), the second voice gets
   * a segment of its own under its person (docs/decisions/024): by default marked unheard, not
   * recognised (recognised alone, the stretch gave the louder voice's words again);
   * `{ hear: true }`: recognised alone, keeping the words the ordinary segment lacks
   * (second-voices.ts). false: no second voices (on the model's pieces too).
   */
  overlapSpeech?: HearSettings['overlapSpeech'];
  /**
   * A two-channel file: 'sides' heard side by side (a call recorded in Parley: microphone left, tab
   * right), 'mix' as one mix, 'auto' (default) side by side when each side holds its own party (layout.ts).
   */
  channels?: 'auto' | 'mix' | 'sides';
  /** Segment edges moved out to where the model stops hearing the segment's person (edges.ts); false: the pieces' edges. */
  voiceEdges?: boolean;
}

/**
 * Transcribe an audio or video file: returns the duration, the transcript segments with speaker
 * labels, and whether speaker detection worked. Rejects with AudioDecodeError for files that are
 * not decodable audio, with the signal's reason when aborted, and with the engine's error when
 * recognition fails. A failure of the speaker stage never loses the transcript: every segment is
 * then on 'Speaker 1' and `diarization` is 'failed'.
 */
export async function transcribeFile(path: string, options: TranscribeFileOptions): Promise<TranscriptionResult> {
  const { engine, signal, logger } = options;
  const t0 = performance.now();
  const progress = new TranscriptionProgress(options.onProgress);
  throwIfAborted(signal);

  const source = await probeSource(path, signal);
  // the level and a two-channel file's layout are measured at once: both decode before speech
  // detection can start, and the recogniser's core is idle until then
  const [{ estimateSeconds, level, vadGain }, { layout, bleed, copy }] = await Promise.all([
    levelStage(source, options.level, signal),
    layoutOf(source, options.channels, signal),
  ]);
  throwIfAborted(signal);
  if (vadGain > 1) logger?.info({ path, level, vadGain }, 'quiet recording: speech detection hears it raised');
  if (layout === 'sides') logger?.info({ path }, 'one party per channel: each side heard alone');
  const tProbe = performance.now();
  progress.probed(estimateSeconds);

  const run = {
    engine,
    vadGain,
    signal,
    progress,
    onSpeakersFailed: (err: unknown) =>
      logger?.warn({ err, path }, 'speaker detection failed; keeping the transcript on one speaker'),
  };
  const heard =
    layout === 'sides'
      ? await transcribeSides(source, options, { ...run, bleed, copy })
      : await transcribeMix(source, options, run);
  const tEnd = performance.now();
  const { segments, diarization, diarizationError, sides } = heard;
  const speakerCount = countSpeakers(segments.map((s) => s.speaker));
  const durationSeconds = heard.samples / 16000;
  const result: TranscriptionResult = {
    durationSeconds,
    segments,
    diarization,
    ...(diarizationError !== undefined ? { diarizationError } : {}),
    speakerCount,
    ...(sides && { sides }),
    ...(source.channels !== undefined && { channels: source.channels }),
    engine: engine.name,
    timings: {
      total: (tEnd - t0) / 1000,
      probe: (tProbe - t0) / 1000,
      transcribe: (heard.recognisedAt - tProbe) / 1000,
      diarize: (tEnd - heard.recognisedAt) / 1000,
      recognitionWaited: heard.recognitionWaited / 1000,
    },
  };
  logger?.info(
    {
      path,
      durationSeconds,
      segments: segments.length,
      speakerCount,
      diarization,
      engine: engine.name,
      seconds: result.timings.total,
    },
    'transcription finished',
  );
  progress.done();
  return result;
}

/**
 * How a file is heard: a two-channel file with one party per side side by side, anything else as one
 * mix. A call recorded in Parley says so (`'sides'`); an upload is judged on its audio (layout.ts).
 */
async function layoutOf(
  source: ProbedSource,
  asked: TranscribeFileOptions['channels'],
  signal?: AbortSignal,
): Promise<ChannelJudgement> {
  if (source.channels !== 2 || asked === 'mix') return { layout: 'mix', bleed: [0, 0], copy: [0, 0] };
  const judged = await channelLayout(source.path, source.headerSeconds ?? (await source.estimating), signal);
  return asked === 'sides' ? { ...judged, layout: 'sides' } : judged;
}
