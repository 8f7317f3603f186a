import type { TranscriptSegment } from '../speakers/label.ts';

/** What hearing a file gives, however it was heard (one mix, or a call's two sides). */
export interface HeardTranscript {
  /** Ordered by start. */
  segments: TranscriptSegment[];
  diarization: 'ok' | 'failed';
  diarizationError?: string;
  /** For a file heard per side: the labels of each side (0 left, 1 right), in order of appearance. */
  sides?: [string[], string[]];
  /** Samples decoded (16 kHz), per stream. */
  samples: number;
  /** Milliseconds the recogniser waited for its next piece. */
  recognitionWaited: number;
  /** performance.now() when the last piece was recognised. */
  recognisedAt: number;
}
