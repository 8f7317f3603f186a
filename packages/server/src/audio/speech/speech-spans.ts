/**
 * Where the speech of a recognition piece is. A short phrase waits for the speech that follows it
 * across a pause of up to 2 s with Moonshine base (pipeline/transcriber.ts segmentationFor), so the
 * recogniser hears the two together; the transcript should not claim the silence between them as
 * speech. The piece is cut back at the long silences inside it, with the padding a piece of its own
 * would have had, and its words are shared out over the parts (docs/decisions/028).
 */
import { FRAME_SECONDS } from './piece-tracker.ts';
import type { SpeechPiece } from './vad.ts';

/**
 * The silence that always ended a piece before base's pieces waited for more (the segmenter's default
 * maxMergeGapSeconds): transcript segments keep the time spans they had.
 */
export const SPAN_GAP_SECONDS = 1.2;

export interface SpanOptions {
  /** As the segmenter judges frames: speech starts at `threshold` and goes on down to `negThreshold`. */
  threshold: number;
  negThreshold: number;
  /** Silences inside a piece at least this long separate its spans. */
  gapSeconds: number;
  /** Audio kept on each side of the speech, as for a piece (at most half the silence). */
  padSeconds: number;
}

/** The piece's time span cut at its inner silences of at least `gapSeconds`, in order (one span when there are none). */
export function speechSpans(
  piece: Pick<SpeechPiece, 'start' | 'end' | 'frameProbs' | 'frameProbsStart'>,
  options: SpanOptions,
): Array<{ start: number; end: number }> {
  const probs = piece.frameProbs;
  const gapFrames = Math.max(1, Math.round(options.gapSeconds / FRAME_SECONDS));
  const spans: Array<{ start: number; end: number }> = [];
  let start = piece.start;
  let silentFrom = -1;
  let heardSpeech = false;
  let inSpeech = false;
  for (let k = 0; k <= probs.length; k++) {
    inSpeech = k < probs.length && probs[k]! >= (inSpeech ? options.negThreshold : options.threshold);
    const silent = k < probs.length && !inSpeech;
    if (silent) {
      if (silentFrom < 0) silentFrom = k;
      continue;
    }
    // a silence that speech follows (not the piece's end) and that speech came before
    if (silentFrom >= 0 && k < probs.length && heardSpeech && k - silentFrom >= gapFrames) {
      const from = piece.frameProbsStart + silentFrom * FRAME_SECONDS;
      const to = piece.frameProbsStart + k * FRAME_SECONDS;
      const pad = Math.min(options.padSeconds, (to - from) / 2);
      spans.push({ start, end: from + pad });
      start = to - pad;
    }
    silentFrom = -1;
    if (k < probs.length) heardSpeech = true;
  }
  spans.push({ start, end: piece.end });
  return spans;
}
