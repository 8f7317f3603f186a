import { JOB_NAMES, type JobName } from '@parley/contract';
import { createEngine, createLiveEngine, createTranscriber } from './audio/pipeline/transcriber.ts';
import type { AppContext } from './context.ts';
import { applyRetentionHandler } from './job-handlers/apply-retention.ts';
import { deliverWebhooksHandler } from './job-handlers/deliver-webhooks.ts';
import { embedSegmentsHandler } from './job-handlers/embed-segments.ts';
import { finishRecordingHandler } from './job-handlers/finish-recording.ts';
import { generateActionItemsHandler } from './job-handlers/generate-action-items.ts';
import { liveTranscribeHandler } from './job-handlers/live-transcribe.ts';
import { transcribeMeetingHandler } from './job-handlers/transcribe-meeting.ts';
import type { JobHandler, JobRunner } from './jobs/worker.ts';
import { liveTranscribingService } from './services/live-transcribing.ts';
import { transcribingService } from './services/transcribing.ts';

/** How often meetings whose vectors are missing are looked for again (search/semantic/index.ts). */
export const MISSING_VECTORS_CHECK_MS = 60 * 60_000;
/** How often meetings a stopped process left hidden (import, removal) are looked for (docs/decisions/191). */
export const ABANDONED_HIDDEN_CHECK_MS = 10 * 60_000;
/**
 * How often recordings past their project's retention, and chunks kept past RECORDING_CHUNKS_KEEP_HOURS,
 * are looked for (decisions 173, 263): hourly, so chunks go within an hour of their time.
 */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

/** The job handlers, one per JOB_NAMES entry, on the configured transcription engine. */
export async function createJobHandlers(ctx: AppContext): Promise<JobHandler[]> {
  const engine = await createEngine(ctx.config.transcription);
  const transcribe = await createTranscriber(ctx.config.transcription, ctx.log, engine);
  return [
    transcribeMeetingHandler({
      transcribing: transcribingService({
        db: ctx.db,
        ...ctx.repos,
        storage: ctx.storage,
        transcribe,
        events: ctx.services.webhooks,
        semantic: ctx.semantic,
      }),
    }),
    generateActionItemsHandler({ actionItems: ctx.services.actionItems }),
    deliverWebhooksHandler({ webhooks: ctx.services.webhooks }),
    applyRetentionHandler({
      meetings: ctx.services.meetings,
      recordings: ctx.services.recordings,
      keepChunksMs: ctx.config.recording.keepChunksMs,
    }),
    embedSegmentsHandler({ meetingVectors: ctx.services.meetingVectors }),
    finishRecordingHandler({ recordings: ctx.services.recordings }),
    liveTranscribeHandler({
      liveTranscribing: liveTranscribingService({
        ...ctx.repos,
        storage: ctx.storage,
        engine: createLiveEngine(ctx.config.transcription, ctx.config.recording.liveModel, engine),
      }),
    }),
  ];
}

/**
 * Starts the configured queue's runner over every job handler (start-up fails when a job kind has no
 * handler); the server runs one in-process unless RUN_WORKER=false.
 */
export async function startWorker(ctx: AppContext): Promise<JobRunner> {
  const handlers = await createJobHandlers(ctx);
  const lanes = jobLanes(ctx.config);
  const inLanes = lanes.flatMap((lane) => lane.names);
  const runner = combined([
    // The main lane: every other job kind, WORKER_CONCURRENCY at once.
    ctx.queue.createRunner({ log: ctx.log, handlers, names: JOB_NAMES.filter((n) => !inLanes.includes(n)) }),
    ...lanes.map(({ names, concurrency }) => ctx.queue.createRunner({ log: ctx.log, handlers, names, concurrency })),
  ]);
  await runner.start();

  // Periodic work beside the jobs: each runs once at start, then on its timer.
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, what: string, task: () => Promise<unknown>) => {
    const run = () => void task().catch((err) => ctx.log.error({ err }, what));
    run();
    const timer = setInterval(run, ms);
    timer.unref();
    timers.push(timer);
  };
  // Webhook retries wait in their delivery rows; this queues each endpoint's job when one is due.
  every(webhookSweepMs(ctx.config.worker.retryDelaySeconds), 'could not queue webhook deliveries', () =>
    ctx.services.webhooks.queueDueDeliveries(),
  );
  // Retention runs as a job (one worker takes it however many run), queued at start and then hourly.
  every(RETENTION_INTERVAL_MS, 'could not queue the retention job', () =>
    ctx.queue.enqueue(ctx.db, 'apply-retention', {}, { userId: null, idempotencyKey: 'apply-retention' }),
  );
  // A recording whose browser went away (closed tab, crash, lost network for good) is finished with what
  // arrived (decision 150); several workers may sweep, the first one takes each recording.
  every(Math.min(30_000, Math.max(250, ctx.config.recording.idleMs / 4)), 'could not finish idle recordings', () =>
    ctx.services.recordings.finishIdle(ctx.config.recording.idleMs),
  );
  // A meeting is hidden while imported or removed; one its process never finished is removed.
  every(ABANDONED_HIDDEN_CHECK_MS, 'could not remove abandoned hidden meetings', () =>
    ctx.services.meetings.removeAbandoned(),
  );
  const semantic = ctx.semantic;
  // Jobs give up after JOB_MAX_ATTEMPTS (seconds to minutes); an endpoint can be down for longer.
  if (semantic)
    every(MISSING_VECTORS_CHECK_MS, 'could not queue meetings for embedding', () => semantic.enqueueMissing());
  return {
    get id() {
      return runner.id;
    },
    get activeJobs() {
      return runner.activeJobs;
    },
    start: () => runner.start(),
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await runner.stop();
    },
  };
}

/** As often as the shortest webhook retry wait, at most every 30 seconds. */
export const webhookSweepMs = (retryDelaySeconds: number) => Math.min(30, retryDelaySeconds) * 1000;

/**
 * Short jobs that someone is waiting to see, each in a lane of its own beside the main one, so they never
 * wait behind a long transcription or a slow model holding the main lane's WORKER_CONCURRENCY slots.
 */
const jobLanes = (config: AppContext['config']): Array<{ names: readonly JobName[]; concurrency: number }> => [
  // Live words keep appearing while a long meeting is transcribed (decision 150).
  { names: ['live-transcribe'], concurrency: config.recording.liveConcurrency },
  // Deliveries go out within seconds of their event (decision 275).
  { names: ['deliver-webhooks'], concurrency: config.webhooks.deliveryConcurrency },
];

/** Several runners of one worker seen as one. */
function combined(runners: JobRunner[]): JobRunner {
  return {
    id: runners[0]!.id,
    get activeJobs() {
      return runners.reduce((sum, r) => sum + r.activeJobs, 0);
    },
    async start() {
      for (const r of runners) await r.start();
    },
    async stop() {
      await Promise.all(runners.map((r) => r.stop()));
    },
  };
}
