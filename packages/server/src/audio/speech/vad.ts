/**
 * Voice activity detection with Silero VAD v5 (silero-vad.ts) and the stream that turns PCM into
 * pieces that suit the recogniser (the cutting rules are in piece-tracker.ts, the state kept between
 * chunks in speech-piece-stream.ts).
 *
 * Everything is streaming: PCM goes in chunk by chunk, pieces come out as soon as they are final,
 * and only the audio of the piece being built (≤ maxPieceSeconds + padding) is buffered.
 */
import { SileroVad } from './silero-vad.ts';
import type { SpeechPiece, SpeechPieceOptions, UnheardPiece } from './speech-piece.ts';
import { SpeechPieceStream } from './speech-piece-stream.ts';

export { FRAME_SECONDS, PieceTracker, type SegmenterOptions, VAD_FRAME } from './piece-tracker.ts';
export { defaultVadModelPath, SileroVad } from './silero-vad.ts';
export type { SpeechPiece, SpeechPieceOptions, UnheardPiece } from './speech-piece.ts';

/**
 * Detect speech in a stream of 16 kHz mono PCM and yield recogniser-sized pieces with their audio.
 * Without the segmentation model (no `segmentation`, no `besides`) every piece has its audio.
 */
export function speechPieces(
  pcm: AsyncIterable<Float32Array>,
  options?: SpeechPieceOptions & { segmentation?: undefined; besides?: undefined },
): AsyncGenerator<SpeechPiece>;
export function speechPieces(
  pcm: AsyncIterable<Float32Array>,
  options?: SpeechPieceOptions,
): AsyncGenerator<SpeechPiece | UnheardPiece>;
export async function* speechPieces(
  pcm: AsyncIterable<Float32Array>,
  options: SpeechPieceOptions = {},
): AsyncGenerator<SpeechPiece | UnheardPiece> {
  const vad = options.segmentation ? undefined : (options.vad ?? (await SileroVad.load()));
  vad?.reset();
  const stream = new SpeechPieceStream(options, vad);
  for await (const chunk of pcm) {
    if (options.signal?.aborted)
      throw options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted');
    await stream.push(chunk);
    options.onFrames?.(stream.frames);
    yield* stream.ready(false);
    stream.scanExtras(false);
    yield* stream.extras(false);
    stream.trimWhenIdle();
  }
  await stream.endOfAudio();
  yield* stream.ready(true);
  // the model's extra pieces may reach past the last ordinary piece: they wait for its last frames
  if (stream.model) {
    await stream.model.finish();
    stream.scanExtras(true);
    yield* stream.extras(true);
  }
}
