import { createTranscriber } from './audio/transcriber.ts';
import type { AppContext } from './context.ts';
import { embedSegmentsHandler } from './jobs/handlers/embed-segments.ts';
import { generateActionItemsHandler } from './jobs/handlers/generate-action-items.ts';
import { transcribeMeetingHandler } from './jobs/handlers/transcribe-meeting.ts';
import { createWorker } from './jobs/worker.ts';

/** Builds the job handlers and starts a worker; the server runs one in-process unless RUN_WORKER=false. */
export async function startWorker(ctx: AppContext) {
  const transcribe = await createTranscriber(ctx.config.transcription, ctx.log);
  const worker = createWorker({
    jobs: ctx.repos.jobs,
    queue: ctx.queue,
    concurrency: ctx.config.worker.concurrency,
    leaseSeconds: ctx.config.worker.leaseSeconds,
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
  worker.start();
  ctx.semantic?.enqueueMissing().catch((err) => ctx.log.error({ err }, 'could not queue meetings for embedding'));
  return worker;
}
