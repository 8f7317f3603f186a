import { createTranscriber } from './audio/pipeline/transcriber.ts';
import type { AppContext } from './context.ts';
import { embedSegmentsHandler } from './jobs/handlers/embed-segments.ts';
import { generateActionItemsHandler } from './jobs/handlers/generate-action-items.ts';
import { transcribeMeetingHandler } from './jobs/handlers/transcribe-meeting.ts';
import type { JobRunner } from './jobs/worker.ts';

/** How often meetings whose vectors are missing are looked for again (search/semantic/index.ts). */
export const MISSING_VECTORS_CHECK_MS = 60 * 60_000;

/**
 * Builds the job handlers, one per JOB_NAMES entry, and starts the configured queue's runner (start-up
 * fails when a job kind has no handler); the server runs one in-process unless RUN_WORKER=false.
 */
export async function startWorker(ctx: AppContext): Promise<JobRunner> {
  const transcribe = await createTranscriber(ctx.config.transcription, ctx.log);
  const runner = ctx.queue.createRunner({
    log: ctx.log,
    handlers: [
      transcribeMeetingHandler({
        db: ctx.db,
        meetings: ctx.repos.meetings,
        transcriptions: ctx.repos.transcriptions,
        usage: ctx.repos.usage,
        storage: ctx.storage,
        transcribe,
      }),
      generateActionItemsHandler({ db: ctx.db, ...ctx.repos, ai: ctx.ai }),
      embedSegmentsHandler({ db: ctx.db, meetings: ctx.repos.meetings, semantic: ctx.semantic }),
    ],
  });
  await runner.start();
  const semantic = ctx.semantic;
  if (!semantic) return runner;
  const catchUp = () =>
    semantic.enqueueMissing().catch((err) => ctx.log.error({ err }, 'could not queue meetings for embedding'));
  void catchUp();
  // Jobs give up after JOB_MAX_ATTEMPTS (seconds to minutes); an endpoint can be down for longer.
  const timer = setInterval(catchUp, MISSING_VECTORS_CHECK_MS);
  timer.unref();
  return {
    get id() {
      return runner.id;
    },
    get activeJobs() {
      return runner.activeJobs;
    },
    start: () => runner.start(),
    async stop() {
      clearInterval(timer);
      await runner.stop();
    },
  };
}
