/**
 * Speech → recognise over one stream of audio. The speech stage (with the speaker features measured
 * on its pieces) runs ahead of recognition through a small bounded queue, so the two cores are both
 * used (ffmpeg + VAD + MFCC on one side, the recogniser on the other) and memory stays flat: only the
 * pieces waiting for recognition (up to `lookahead` × ≤ 20 s of audio), the words, and compact
 * speaker features (~210 numbers per 0.5 s of speech) are kept.
 */
import { UNHEARD_SEGMENT_TEXT } from '@parley/contract';
import { throwIfAborted } from '../abort.ts';
import type { AsrEngine } from '../recognition/engine.ts';
import { type RecognisedSegment, recognisePiece } from '../recognition/recognise-stage.ts';
import { type SpeakerBlock, SpeakerFeatures } from '../speakers/diarize.ts';
import { keepSecondVoiceWords, type SecondVoiceOptions } from '../speakers/second-voices.ts';
import type { OverlapOptions } from '../speech/overlap-speech.ts';
import type { SpeakerTracks } from '../speech/segmentation.ts';
import { type Hearing, type SpeechSettings, secondVoiceSettings, speechStage } from '../speech/speech-stage.ts';
import type { SpeechPiece, UnheardPiece } from '../speech/vad.ts';
import { BoundedQueue } from './bounded-queue.ts';
import type { StreamProgress } from './progress.ts';

export interface HearSettings extends SpeechSettings {
  overlapSpeech?: boolean | (OverlapOptions & SecondVoiceOptions & { hear?: boolean });
  /** Pieces decoded ahead of recognition; default 16 (pipeline.ts TranscribeFileOptions). */
  lookahead?: number;
}

export interface HeardAudio {
  /** Ordered by start; second voices kept as second-voices.ts decides (or left out when off). */
  segments: RecognisedSegment[];
  /** Voice features of the speech, for the speaker stage. */
  blocks: SpeakerBlock[];
  tracks(): Promise<SpeakerTracks | undefined>;
  /** Milliseconds the recogniser waited for its next piece (the decoding side was behind). */
  recognitionWaited: number;
}

export async function hear(
  pcm: AsyncIterable<Float32Array>,
  engine: AsrEngine,
  settings: HearSettings,
  run: Omit<Hearing, 'onFrames'> & { progress: StreamProgress },
): Promise<HeardAudio> {
  const { signal, progress } = run;
  const overlaps = secondVoiceSettings(settings.overlapSpeech);
  const speech = await speechStage(pcm, settings, { ...run, onFrames: (f) => progress.heard((f * 512) / 16000) });
  const features = new SpeakerFeatures();
  const queue = new BoundedQueue<SpeechPiece | UnheardPiece>(settings.lookahead ?? 16);
  const producer = (async () => {
    try {
      for await (const piece of speech.pieces) {
        // the speaker features describe one voice at a time: second voices' pieces are not measured
        // (and carry only their times unless heard again); speech only the segmentation model heard
        // is labelled by its neighbours
        if (!piece.overlap && !piece.missed) features.addPiece(piece);
        progress.pieceQueued();
        await queue.push(piece);
      }
      queue.close();
    } catch (e) {
      queue.close(e);
    }
  })();
  const segments: RecognisedSegment[] = [];
  let recognitionWaited = 0;
  try {
    for (;;) {
      const asked = performance.now();
      const piece = await queue.pull();
      recognitionWaited += performance.now() - asked;
      if (!piece) break;
      throwIfAborted(signal);
      // a second voice's time under its person; its words are not recognised (decision 024)
      if (piece.unheard)
        segments.push({ text: UNHEARD_SEGMENT_TEXT, start: piece.start, end: piece.end, overlap: true });
      else segments.push(...(await recognisePiece(engine, piece, speech.spans, signal)));
      progress.pieceDone(piece.end);
    }
  } finally {
    // make sure the producer stops (it does on abort/error via the signal or a closed queue)
    queue.close();
    await producer;
  }
  segments.sort((a, b) => a.start - b.start);
  if (overlaps) keepSecondVoiceWords(segments, overlaps);
  else for (let i = segments.length - 1; i >= 0; i--) if (segments[i]!.overlap) segments.splice(i, 1);
  return { segments, blocks: features.blocks, tracks: speech.tracks, recognitionWaited };
}
