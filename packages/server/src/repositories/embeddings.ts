import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db, DbKind } from '../db/database.ts';
import { nowIso } from '../lib/ids.ts';
import type { SearchScope } from './search.ts';

// The vectors of semantic search (migration 007-embeddings). Written by the embed-segments job, read
// page by page by the semantic retriever: a scan never holds more than one page of vectors.

export interface StoredVector {
  segmentId: string;
  hash: string;
  vector: Buffer;
}

export function embeddingsRepository(db: Db, kind: DbKind) {
  const inScope = (scope: SearchScope): Expression<SqlBool> => {
    const user = sql<SqlBool>`e.user_id = ${scope.userId}`;
    if ('meetingId' in scope) return sql`${user} and e.meeting_id = ${scope.meetingId}`;
    if ('personId' in scope) {
      return sql`${user} and e.segment_id in (select t.id from transcriptions t
        where t.person_id = ${scope.personId} and t.user_id = ${scope.userId})`;
    }
    return sql`${user} and e.meeting_id in (select m.id from meetings m
      where m.project_id = ${scope.projectId} and m.user_id = ${scope.userId})`;
  };

  return {
    /**
     * A meeting's segments in time order, as the job embeds them. With `lock` (inside the transaction
     * that writes vectors) PostgreSQL holds the rows, so an edit cannot slip between the check and the write.
     */
    async segmentTexts(executor: Db, meetingId: string, opts: { lock?: boolean } = {}) {
      let query = executor
        .selectFrom('transcriptions')
        .select(['id', 'text'])
        .where('meeting_id', '=', meetingId)
        .orderBy('start_ms')
        .orderBy('id');
      if (opts.lock && kind === 'postgres') query = query.forUpdate();
      return query.execute();
    },

    /** segment id -> content hash of the meeting's vectors made by `model`. */
    async hashes(meetingId: string, model: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('segment_embeddings')
        .select(['segment_id', 'content_hash'])
        .where('meeting_id', '=', meetingId)
        .where('model', '=', model)
        .execute();
      return new Map(rows.map((r) => [r.segment_id, r.content_hash]));
    },

    /** Vectors another model made: they cannot be compared with this model's, so they go. */
    async deleteOtherModels(meetingId: string, model: string) {
      await db
        .deleteFrom('segment_embeddings')
        .where('meeting_id', '=', meetingId)
        .where('model', '!=', model)
        .execute();
    },

    async upsert(
      trx: Db,
      owner: { userId: string; meetingId: string; model: string },
      rows: Array<{ segmentId: string; hash: string; vector: Buffer; dimension: number }>,
    ) {
      if (rows.length === 0) return;
      const now = nowIso();
      await trx
        .insertInto('segment_embeddings')
        .values(
          rows.map((r) => ({
            segment_id: r.segmentId,
            user_id: owner.userId,
            meeting_id: owner.meetingId,
            model: owner.model,
            dimension: r.dimension,
            content_hash: r.hash,
            vector: r.vector,
            created_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.column('segment_id').doUpdateSet((eb) => ({
            model: eb.ref('excluded.model'),
            dimension: eb.ref('excluded.dimension'),
            content_hash: eb.ref('excluded.content_hash'),
            vector: eb.ref('excluded.vector'),
            created_at: eb.ref('excluded.created_at'),
          })),
        )
        .execute();
    },

    /** An edited segment's vector describes words it no longer has: removed with the edit. */
    async deleteForSegment(trx: Db, segmentId: string) {
      await trx.deleteFrom('segment_embeddings').where('segment_id', '=', segmentId).execute();
    },

    /** The vectors of `model` and `dimension` in a user's scope, `pageSize` at a time, in segment-id order. */
    async *pages(scope: SearchScope, model: string, dimension: number, pageSize: number) {
      let after = '';
      for (;;) {
        const result = await sql<{ segment_id: string; vector: Buffer }>`
          select e.segment_id, e.vector from segment_embeddings e
          where ${inScope(scope)} and e.model = ${model} and e.dimension = ${dimension} and e.segment_id > ${after}
          order by e.segment_id limit ${pageSize}`.execute(db);
        if (result.rows.length > 0) yield result.rows;
        if (result.rows.length < pageSize) return;
        after = result.rows.at(-1)!.segment_id;
      }
    },

    /** Meetings with segments that have no vector of `model` (never embedded, edited, or another model's). */
    async meetingsMissing(model: string): Promise<Array<{ meetingId: string; userId: string }>> {
      const rows = await sql<{ meeting_id: string; user_id: string }>`
        select distinct t.meeting_id, t.user_id from transcriptions t
        where not exists (select 1 from segment_embeddings e where e.segment_id = t.id and e.model = ${model})`.execute(
        db,
      );
      return rows.rows.map((r) => ({ meetingId: r.meeting_id, userId: r.user_id }));
    },
  };
}

export type EmbeddingsRepository = ReturnType<typeof embeddingsRepository>;
