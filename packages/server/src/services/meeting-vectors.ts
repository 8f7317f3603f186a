import type { Db } from '../db/database.ts';
import { type JobContext, PermanentJobError } from '../jobs/worker.ts';
import type { EmbeddingsRepository } from '../repositories/embeddings.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import { type EmbeddingsClient, EmbeddingsError } from '../search/semantic/client.ts';
import { toBlob } from '../search/semantic/vectors.ts';
import { embeddingWindows } from '../search/semantic/windows.ts';

interface Deps {
  db: Db;
  meetings: Pick<ReturnType<typeof meetingsRepository>, 'findById'>;
  /** Absent when EMBEDDINGS_BASE_URL is not set: a job left from an earlier configuration does nothing. */
  semantic?: { client: EmbeddingsClient; vectors: EmbeddingsRepository };
}

/** Texts per request: one round trip for a short meeting, small enough for any server's limit. */
export const EMBED_BATCH = 32;
const BATCH_TIMEOUT_MS = 120_000;

/**
 * The embed-segments job's work (docs/decisions/061): brings one meeting's vectors in line with its
 * segments. Reads the segments now (not as they were when the job was enqueued), embeds only windows whose
 * text or model changed, in batches, and writes each batch as it arrives: a retry after an endpoint
 * failure resumes where the last one stopped.
 */
export function meetingVectorsService({ db, meetings, semantic }: Deps) {
  return {
    async embed(meetingId: string, { signal, log }: JobContext) {
      if (!semantic) return log.info('embeddings are not configured; nothing to do');
      const { client, vectors } = semantic;
      const meeting = await meetings.findById(meetingId);
      if (!meeting) return log.info('meeting was deleted; nothing to do');

      await vectors.deleteOtherModels(meetingId, client.model);
      const windows = embeddingWindows(await vectors.segmentTexts(db, meetingId), client.model);
      const stored = await vectors.hashes(meetingId, client.model);
      const todo = windows.filter((w) => stored.get(w.segmentId) !== w.hash);

      let written = 0;
      for (let i = 0; i < todo.length; i += EMBED_BATCH) {
        const batch = todo.slice(i, i + EMBED_BATCH);
        let embedded: Float32Array[];
        try {
          embedded = await client.embed(
            batch.map((w) => w.text),
            { signal, timeoutMs: BATCH_TIMEOUT_MS },
          );
        } catch (error) {
          // A refused key or an unknown model will not do better on a retry; anything else will.
          if (error instanceof EmbeddingsError && !error.retryable) throw new PermanentJobError(error.message);
          throw error;
        }
        written += await db.transaction().execute(async (trx) => {
          // Under the holder of now: the meeting may have moved to another's project while this batch was
          // embedded (decision 291); gone, it has nothing to write.
          const holder = await vectors.holderForWrite(trx, meetingId);
          if (!holder) return 0;
          // Only windows still as they were: an edit since the read has its own job coming.
          const now = new Map(
            embeddingWindows(await vectors.segmentTexts(trx, meetingId, { lock: true }), client.model).map((w) => [
              w.segmentId,
              w.hash,
            ]),
          );
          const rows = batch
            .map((w, j) => ({ segmentId: w.segmentId, hash: w.hash, vector: embedded[j]! }))
            .filter((r) => now.get(r.segmentId) === r.hash)
            .map((r) => ({ ...r, vector: toBlob(r.vector), dimension: r.vector.length }));
          await vectors.upsert(trx, { userId: holder, meetingId, model: client.model }, rows);
          return rows.length;
        });
      }
      log.info({ segments: windows.length, embedded: written, model: client.model }, 'meeting embedded');
    },
  };
}

export type MeetingVectorsService = ReturnType<typeof meetingVectorsService>;
