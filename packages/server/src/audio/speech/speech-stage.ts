/**
 * The speech stage: 16 kHz samples in, recogniser-sized pieces of speech out (vad.ts), with the
 * speaker-segmentation model hearing the same audio beside Silero for the speaker stage (its tracks),
 * for speech Silero missed and for second voices (decisions 017, 023, 024).
 */
import type { OverlapOptions } from './overlap-speech.ts';
import { type FrameSide, resolveSegmenter } from './piece-tracker.ts';
import { type SegmentationOptions, SpeakerSegmentation, type SpeakerTracks } from './segmentation.ts';
import { SPAN_GAP_SECONDS, type SpanOptions } from './speech-spans.ts';
import { type SegmenterOptions, SileroVad, type SpeechPiece, speechPieces, type UnheardPiece } from './vad.ts';

/** Speech when the segmentation's speech probability reaches this: its own decision (argmax over silence). */
const SEGMENTATION_THRESHOLD = 0.5;

/** How speech is found; the pipeline's options of the same names (pipeline.ts TranscribeFileOptions). */
export interface SpeechSettings {
  segmentation?: SegmenterOptions;
  speakerSegmentation?: (SegmentationOptions & { pieces?: 'silero' | 'segmentation' }) | boolean;
  missedSpeech?: boolean;
  overlapSpeech?: boolean | (OverlapOptions & { hear?: boolean });
}

/** The second voices' settings, undefined when they are off (`overlapSpeech: false`). */
export function secondVoiceSettings<T extends object>(setting: boolean | T | undefined): T | undefined {
  return setting === false ? undefined : setting === true ? ({} as T) : (setting ?? ({} as T));
}

export interface HeardSpeech {
  /** Read once, while the audio streams. */
  pieces: AsyncIterable<SpeechPiece | UnheardPiece>;
  /** Where a piece's speech is inside it (speech-spans.ts), judged as the pieces were cut. */
  spans: SpanOptions;
  /** The segmentation model's speaker tracks once every piece was read; undefined without the model. */
  tracks(): Promise<SpeakerTracks | undefined>;
}

export interface Hearing {
  /** The level stage's gain for what the models hear. */
  vadGain: number;
  /** Two-channel recordings: the side each 32 ms frame is clearly on (channels.ts). */
  sideOf?: (frame: number) => FrameSide;
  signal?: AbortSignal;
  /** VAD frames heard so far, for the progress figure. */
  onFrames?: (frames: number) => void;
}

/** Loads the models the settings ask for and returns the pieces of `pcm` as they come. */
export async function speechStage(
  pcm: AsyncIterable<Float32Array>,
  settings: SpeechSettings,
  hearing: Hearing,
): Promise<HeardSpeech> {
  const segOptions =
    settings.speakerSegmentation === false
      ? undefined
      : settings.speakerSegmentation === true || settings.speakerSegmentation === undefined
        ? {}
        : settings.speakerSegmentation;
  const overlaps = secondVoiceSettings(settings.overlapSpeech);
  const seg = segOptions ? await SpeakerSegmentation.load({ gain: hearing.vadGain, ...segOptions }) : undefined;
  // the model cuts the pieces only when asked; otherwise it hears the audio beside Silero, for speakers only
  const segPieces = seg && segOptions?.pieces === 'segmentation' ? seg : undefined;
  const vad = segPieces ? undefined : await SileroVad.load();
  const pieces = speechPieces(seg && !segPieces ? seg.hearing(pcm) : pcm, {
    ...(segPieces ? { threshold: SEGMENTATION_THRESHOLD, negThreshold: SEGMENTATION_THRESHOLD } : {}),
    ...settings.segmentation,
    vad,
    segmentation: segPieces,
    besides: seg && !segPieces && (settings.missedSpeech !== false || overlaps) ? seg : undefined,
    ...(settings.missedSpeech === false && { missedSpeech: false }),
    overlapSpeech: overlaps && {
      ...overlaps,
      // pieces that are not recognised cost nothing: the budget bounds recognition only
      ...(!overlaps.hear && { budgetPerMinute: Number.POSITIVE_INFINITY }),
    },
    vadGain: hearing.vadGain,
    ...(hearing.sideOf ? { sideOf: hearing.sideOf } : {}),
    signal: hearing.signal,
    onFrames: hearing.onFrames,
  });
  const cutting = resolveSegmenter(settings.segmentation ?? {});
  const spans = {
    threshold: segPieces ? SEGMENTATION_THRESHOLD : cutting.threshold,
    negThreshold: segPieces ? SEGMENTATION_THRESHOLD : cutting.negThreshold,
    gapSeconds: SPAN_GAP_SECONDS,
    padSeconds: cutting.padSamples / 16000,
  };
  return { pieces, spans, tracks: async () => (seg ? seg.finish() : undefined) };
}
