import type { Db, DbKind } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { newId } from '../../lib/ids.ts';
import { embeddingsRepository } from '../../repositories/embeddings.ts';
import { type EmbeddingsConfig, embeddingsClient } from './client.ts';
import { semanticRetriever } from './retriever.ts';

// Semantic search, present only when EMBEDDINGS_BASE_URL is set: the client of the endpoint, the
// vectors' repository, the retriever, and the job that brings a meeting's vectors up to date, which
// every writer of segments enqueues in its own transaction (docs/decisions/112).

/** How long the check for meetings without vectors waits for the endpoint to answer its probe. */
const PROBE_TIMEOUT_MS = 10_000;

/** Each write gets its own job: one enqueued while another runs must still run after it. */
export const embedJobKey = (meetingId: string) => `embed-segments:${meetingId}:${newId()}`;

export function semanticSearch(options: {
  db: Db;
  kind: DbKind;
  config: EmbeddingsConfig;
  queue: JobQueue;
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}) {
  const { db, kind, config, queue, log } = options;
  const client = embeddingsClient(config);
  const vectors = embeddingsRepository(db, kind);
  const requestEmbedding = (trx: Db, userId: string, meetingId: string) =>
    queue.enqueue(trx, 'embed-segments', { meetingId }, { userId, idempotencyKey: embedJobKey(meetingId) });

  return {
    client,
    vectors,
    retriever: semanticRetriever({ client, vectors, minSimilarity: config.minSimilarity, log }),

    /**
     * Enqueues, in `trx`, the job that embeds the meeting's segments again: every code that writes segments
     * (the transcription job, an import, an edit, a delete) calls it in the transaction of its write. An
     * edited segment's old vector goes at once, so a search never ranks it by words it no longer holds.
     */
    async queueEmbedding(trx: Db, change: { userId: string; meetingId: string; editedSegmentId?: string }) {
      if (change.editedSegmentId) await vectors.deleteForSegment(trx, change.editedSegmentId);
      await requestEmbedding(trx, change.userId, change.meetingId);
    },

    /**
     * Meetings written while embeddings were off, whose job failed for good (the endpoint was down for
     * longer than the job's retries), or made by another model get a job. Run at worker start and then
     * every hour (worker-runtime.ts), and only when the endpoint answers a one-word request: while it is
     * down, a job per meeting would only fail again. Cheap when everything is embedded (one anti-join,
     * no request to the endpoint). Returns how many meetings were queued.
     */
    async enqueueMissing(): Promise<number> {
      const missing = await vectors.meetingsMissing(client.model);
      if (missing.length === 0) return 0;
      try {
        await client.embed(['parley'], { timeoutMs: PROBE_TIMEOUT_MS });
      } catch (error) {
        log.warn({ err: error }, 'embeddings endpoint not answering; meetings without vectors wait for the next check');
        return 0;
      }
      for (const { meetingId, userId } of missing) await requestEmbedding(db, userId, meetingId);
      if (missing.length > 0)
        log.info({ meetings: missing.length, model: client.model }, 'meetings queued for embedding');
      return missing.length;
    },
  };
}

export type SemanticSearch = ReturnType<typeof semanticSearch>;
