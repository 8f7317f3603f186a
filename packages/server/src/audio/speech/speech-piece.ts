/** What speechPieces (vad.ts) yields, and the options it takes. */
import type { OverlapOptions } from './overlap-speech.ts';
import type { FrameSide, SegmenterOptions } from './piece-tracker.ts';
import type { SpeakerSegmentation } from './segmentation.ts';
import type { SileroVad } from './silero-vad.ts';

export interface SpeechPiece {
  /** Start and end in seconds from the beginning of the recording (with padding). */
  start: number;
  end: number;
  /** The 16 kHz mono audio of [start, end). */
  samples: Float32Array;
  /** Speech probability per 32 ms VAD frame, the first one starting at `frameProbsStart` (seconds). */
  frameProbs: Float32Array;
  frameProbsStart: number;
  /**
   * Set on the extra pieces the segmentation model finds two voices in at once: the same audio as
   * part of an ordinary piece, for the second voice's own segment (heard again only when asked).
   */
  overlap?: true;
  /** Set on speech the segmentation model heard beside Silero where none of Silero's pieces reached. */
  missed?: true;
  unheard?: never;
}

/**
 * A second voice's stretch (overlap-speech.ts) that will not be recognised (`overlapSpeech.hear`
 * not set, decision 024): only its times are used, so no copy of its audio is made or held.
 */
export interface UnheardPiece {
  start: number;
  end: number;
  overlap: true;
  unheard: true;
  missed?: never;
}

export type SpeechPieceOptions = SegmenterOptions & {
  vad?: SileroVad;
  signal?: AbortSignal;
  onFrames?: (frames: number) => void;
  /**
   * Gain applied to what the VAD hears, clipped to [-1, 1]; default 1. The pieces keep the original
   * audio: the recogniser did worse on raised meeting audio (docs/decisions/013). See level.ts.
   */
  vadGain?: number;
  /** Two-channel recordings: the side each 32 ms frame is clearly on (channels.ts), for cutting pieces between parties. */
  sideOf?: (frame: number) => FrameSide;
  /**
   * Speech activity from the speaker-segmentation model instead of Silero (it hears the same
   * vadGain, set when it was loaded); pieces then also end where the one voice speaking alone
   * changes (a new local speaker track), as they do between the sides of a two-channel call.
   */
  segmentation?: SpeakerSegmentation;
  /**
   * Silero cuts the pieces and the segmentation model heard the same audio just before (the
   * pipeline's `SpeakerSegmentation.hearing`): speech it hears where none of Silero's pieces
   * reach becomes extra pieces, marked `missed` (missed-speech.ts), unless missedSpeech is false.
   */
  besides?: SpeakerSegmentation;
  missedSpeech?: false;
  /**
   * With `segmentation` or `besides`: stretches where the model hears two voices at once become
   * extra pieces of the same audio, marked `overlap`, for the second voice (overlap-speech.ts); false: not.
   * Unless `hear` is set they carry only their times (UnheardPiece): nothing will recognise them.
   */
  overlapSpeech?: (OverlapOptions & { hear?: boolean }) | false;
};
