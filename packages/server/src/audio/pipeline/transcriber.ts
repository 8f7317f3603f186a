import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { AsrEngine } from '../recognition/engine.ts';
import { loadMoonshine } from '../recognition/moonshine.ts';
import { segmentationSession } from '../speech/segmentation.ts';
import { type SegmenterOptions, SileroVad } from '../speech/vad.ts';
import { type PipelineLogger, type TranscribeFileOptions, transcribeFile } from './pipeline.ts';

export interface TranscriptResult {
  durationSeconds: number;
  /** `voice`: the segment's voice statistics (audio/speakers/voice-stats.ts), kept with it for speaker names. */
  segments: Array<{ speaker: string; text: string; startTime: number; endTime: number; voice?: string }>;
  diarization: 'ok' | 'failed';
  diarizationError?: string;
  /** A call heard side by side: each side's labels (0 left, 1 right). */
  sides?: [string[], string[]];
  /** The file's audio channels, as its header states them (absent when it does not say). */
  channels?: number;
}

/** The audio pipeline as the transcription job sees it: a file in, speaker segments (seconds) out. */
export type Transcribe = (
  path: string,
  opts: {
    onProgress: (fraction: number) => void;
    signal: AbortSignal;
    /** 'sides': a call recorded in Parley (microphone left, tab right), heard side by side; default: judged on the audio. */
    channels?: 'auto' | 'sides';
  },
) => Promise<TranscriptResult>;

/**
 * Speech pieces that suit each recogniser, measured on real meetings (docs/decisions/012, 013, 028):
 * base does best when a piece may end at a short pause once it is 3 s long, with 0.4 s of audio kept
 * around it (it uses the context at the edges), and when a piece shorter than that waits up to 2 s of
 * silence for the speech that follows (a reply, a backchannel, a phrase taken up again is heard with
 * its neighbour rather than alone); tiny needs 6 s of context and 0.2 s (vad.ts defaults).
 */
export function segmentationFor(engineName: string): SegmenterOptions {
  return engineName === 'moonshine-base' ? { minPieceSeconds: 3, padSeconds: 0.4, maxMergeGapSeconds: 2 } : {};
}

/**
 * Chooses the recognition engine from configuration and loads it once (models are checked here, so a
 * missing model stops the worker at start-up with a message naming the file).
 */
export async function createTranscriber(
  settings: Config['transcription'],
  log: PipelineLogger,
  engine?: AsrEngine,
  /** Benchmarks only: pipeline settings to compare (the server passes none). */
  overrides: Partial<TranscribeFileOptions> = {},
): Promise<Transcribe> {
  engine ??= await createEngine(settings);
  // The speech models' sessions are created here, once per worker (and the shipped segmentation
  // model's sha256 checked), so no meeting pays their set-up and a damaged model stops the start.
  await Promise.all([SileroVad.load(), segmentationSession()]);
  log.info({ engine: engine.name }, 'transcription engine ready');
  const segmentation = segmentationFor(engine.name);
  return (path, { onProgress, signal, channels }) =>
    transcribeFile(path, { engine, segmentation, onProgress, signal, channels, logger: log, ...overrides });
}

/** The recogniser configured, loaded once; the worker shares it between whole meetings (and live passes when LIVE_MOONSHINE_MODEL is the same). */
export async function createEngine(settings: Config['transcription']): Promise<AsrEngine> {
  if (settings.engine === 'remote' && settings.remote) {
    const { createRemoteEngine } = await import('../recognition/remote-engine.ts');
    return createRemoteEngine({
      baseUrl: settings.remote.url,
      apiKey: settings.remote.apiKey,
      model: settings.remote.model,
    });
  }
  return loadMoonshine({
    size: settings.moonshineModel,
    modelDir: join(settings.modelsDir, 'moonshine'),
    threads: settings.threads,
  });
}

/**
 * The live passes' recogniser (decision 152): the worker's own engine when it is remote or already the
 * live model, otherwise the live model, loaded at the first live pass so a worker that never sees a
 * live recording never holds it.
 */
export function createLiveEngine(
  settings: Config['transcription'],
  liveModel: Config['transcription']['moonshineModel'],
  shared: AsrEngine,
): AsrEngine {
  if (settings.engine === 'remote' || settings.moonshineModel === liveModel) return shared;
  let loading: Promise<AsrEngine> | undefined;
  return {
    name: `moonshine-${liveModel}`,
    async transcribe(pcm, options) {
      loading ??= createEngine({ ...settings, moonshineModel: liveModel }).catch((error) => {
        loading = undefined; // a failed load is tried again by the next pass
        throw error;
      });
      return (await loading).transcribe(pcm, options);
    },
  };
}
