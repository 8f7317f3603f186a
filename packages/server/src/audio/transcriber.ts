import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Transcribe } from '../jobs/handlers/transcribe-meeting.ts';
import type { AsrEngine } from './engine.ts';
import { loadMoonshine } from './moonshine.ts';
import { type PipelineLogger, transcribeFile } from './pipeline.ts';

/**
 * Chooses the recognition engine from configuration and loads it once (models are checked here, so a
 * missing model stops the worker at start-up with a message naming the file).
 */
export async function createTranscriber(settings: Config['transcription'], log: PipelineLogger): Promise<Transcribe> {
  const engine = await createEngine(settings);
  log.info({ engine: engine.name }, 'transcription engine ready');
  return (path, { onProgress, signal }) => transcribeFile(path, { engine, onProgress, signal, logger: log });
}

async function createEngine(settings: Config['transcription']): Promise<AsrEngine> {
  if (settings.engine === 'remote' && settings.remote) {
    const { createRemoteEngine } = await import('./remote-engine.ts');
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
