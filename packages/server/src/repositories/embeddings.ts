import { sql } from 'kysely';
import type { Db, DbKind } from '../db/database.ts';
import { nowIso } from '../lib/ids.ts';
import { VISIBLE_MEETING } from './meetings.ts';
import { byMembership, meetingsOfScope, type SearchScope } from './scope.ts';

// The vectors of semantic search (migration 007-embeddings). Written by the embed-segments job, read
// page by page by the semantic retriever: a scan never holds more than one page of vectors.

export interface StoredVector {
  segmentId: string;
  hash: string;
  vector: Buffer;
}

export function embeddingsRepository(db: Db, kind: DbKind) {
  /** The scope's meetings, newest first: a scan stopped by its time limit has compared the recent ones. */
  async function meetingsOf(scope: SearchScope): Promise<string[]> {
    if ('meetingId' in scope) return [scope.meetingId];
    let query = db
      .selectFrom('meetings')
      .select('meetings.id')
      .where(meetingsOfScope(scope))
      .where(...VISIBLE_MEETING)
      .orderBy('meetings.created_at', 'desc')
      .orderBy('meetings.id', 'desc');
    if ('projectId' in scope) query = query.where('meetings.project_id', '=', scope.projectId);
    else if ('personId' in scope) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('transcriptions')
            .select('transcriptions.id')
            .whereRef('transcriptions.meeting_id', '=', 'meetings.id')
            .where('transcriptions.person_id', '=', scope.personId),
        ),
      );
    }
    return (await query.execute()).map((r) => r.id);
  }

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

    /**
     * The meeting's holder as the transaction that writes its vectors sees it (undefined: deleted). Read
     * first in that transaction: on PostgreSQL the row is held (for share, before the segments are) until
     * it commits, so a move of the meeting waits and then moves what was written, or has committed and is
     * read here; SQLite runs one writer at a time. Either way the vectors go under the current holder
     * (decision 291), not the one the job read before embedding.
     */
    async holderForWrite(trx: Db, meetingId: string): Promise<string | undefined> {
      let query = trx.selectFrom('meetings').select('user_id').where('id', '=', meetingId);
      if (kind === 'postgres') query = query.forShare();
      return (await query.executeTakeFirst())?.user_id;
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
            user_id: eb.ref('excluded.user_id'),
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

    /**
     * The vectors of `model` and `dimension` in a user's scope, `pageSize` at a time: meeting by meeting,
     * newest first, each read in segment-id order along the (meeting, model, segment) index, so no page
     * needs a sort (PostgreSQL sorting 3 KB rows by text keys took seconds).
     */
    async *pages(scope: SearchScope, model: string, dimension: number, pageSize: number) {
      const person = 'personId' in scope ? scope.personId : undefined;
      for (const meetingId of await meetingsOf(scope)) {
        let after = '';
        for (;;) {
          let query = db
            .selectFrom('segment_embeddings as e')
            .select(['e.segment_id', 'e.vector'])
            .where('e.meeting_id', '=', meetingId)
            .where('e.model', '=', model)
            // everywhere, the meetings were chosen by membership: their vectors may be another holder's
            .$if(!byMembership(scope), (q) => q.where('e.user_id', '=', scope.userId))
            .where('e.dimension', '=', dimension)
            .where('e.segment_id', '>', after)
            .orderBy('e.segment_id')
            .limit(pageSize);
          if (person) {
            query = query.where((eb) =>
              eb(
                'e.segment_id',
                'in',
                eb
                  .selectFrom('transcriptions')
                  .select('transcriptions.id')
                  .where('transcriptions.meeting_id', '=', meetingId)
                  .where('transcriptions.person_id', '=', person),
              ),
            );
          }
          const rows = await query.execute();
          if (rows.length > 0) yield rows;
          if (rows.length < pageSize) break;
          after = rows.at(-1)!.segment_id;
        }
      }
    },

    /**
     * Meetings with segments that have no vector of `model` (never embedded, edited, or another model's);
     * a meeting still being imported is queued by its import's last transaction instead.
     */
    async meetingsMissing(model: string): Promise<Array<{ meetingId: string; userId: string }>> {
      const rows = await sql<{ meeting_id: string; user_id: string }>`
        select distinct t.meeting_id, t.user_id from transcriptions t
        join meetings m on m.id = t.meeting_id and m.hidden_since is null
        where not exists (select 1 from segment_embeddings e where e.segment_id = t.id and e.model = ${model})`.execute(
        db,
      );
      return rows.rows.map((r) => ({ meetingId: r.meeting_id, userId: r.user_id }));
    },
  };
}

export type EmbeddingsRepository = ReturnType<typeof embeddingsRepository>;
