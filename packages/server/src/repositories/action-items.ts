import type { Db, DbKind } from '../db/database.ts';
import type { ActionItemsTable } from '../db/schema.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { nextTurn } from '../lib/next-turn.ts';
import { deleteMeetingRows } from './short-statements.ts';

export type ActionItemRow = ActionItemsTable & {
  person_name: string | null;
  person_company: string | null;
  /** Whose contact the assignee is: only they see more of it than its name (issue 37). */
  person_owner_id: string | null;
};

/** What an engine, an import or a person supplies; ids, owner, order and times are added here. */
export interface NewActionItem {
  task: string;
  context?: string | null;
  contextStartMs?: number | null;
  assignee?: string | null;
  personId?: string | null;
  dueDate?: string | null;
  status?: 'pending' | 'in_progress' | 'completed';
  source?: 'generated' | 'imported' | 'manual';
}

export type ActionItemChanges = Partial<
  Pick<ActionItemsTable, 'task' | 'context' | 'assignee' | 'person_id' | 'due_date' | 'status' | 'edited_at'>
>;

const ITEM_COLUMNS = [
  'action_items.id',
  'action_items.user_id',
  'action_items.meeting_id',
  'action_items.task',
  'action_items.context',
  'action_items.context_start_ms',
  'action_items.assignee',
  'action_items.person_id',
  'action_items.due_date',
  'action_items.status',
  'action_items.source',
  'action_items.position',
  'action_items.edited_at',
  'action_items.created_at',
  'action_items.updated_at',
  'people.name as person_name',
  'people.company as person_company',
  'people.user_id as person_owner_id',
] as const;

/** Rows a statement: a hundred or two stay a short moment of SQLite's one thread. */
const INSERT_BATCH = 200;

export function actionItemsRepository(db: Db, kind: DbKind) {
  const items = (executor: Db = db) =>
    executor.selectFrom('action_items').leftJoin('people', 'people.id', 'action_items.person_id').select(ITEM_COLUMNS);

  async function nextPosition(executor: Db, meetingId: string): Promise<number> {
    const row = await executor
      .selectFrom('action_items')
      .select((eb) => eb.fn.max<number | null>('position').as('max'))
      .where('meeting_id', '=', meetingId)
      .executeTakeFirst();
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  }

  async function insertRows(executor: Db, userId: string, meetingId: string, newItems: NewActionItem[]) {
    if (newItems.length === 0) return [];
    const start = await nextPosition(executor, meetingId);
    const now = nowIso();
    const toRow = (item: NewActionItem, index: number): ActionItemsTable => ({
      id: newId(),
      user_id: userId,
      meeting_id: meetingId,
      task: item.task,
      context: item.context ?? null,
      context_start_ms:
        item.contextStartMs === null || item.contextStartMs === undefined ? null : Math.round(item.contextStartMs),
      assignee: item.assignee ?? null,
      person_id: item.personId ?? null,
      due_date: item.dueDate ?? null,
      status: item.status ?? 'pending',
      source: item.source ?? 'generated',
      position: start + index,
      edited_at: null,
      created_at: now,
      updated_at: now,
    });
    // Each batch's rows (and ids) made in the turn that writes them: 20,000 at once hold the event loop.
    const ids: string[] = [];
    for (let i = 0; i < newItems.length; i += INSERT_BATCH) {
      if (i > 0) await nextTurn();
      const rows = newItems.slice(i, i + INSERT_BATCH).map((item, j) => toRow(item, i + j));
      for (const row of rows) ids.push(row.id);
      await executor.insertInto('action_items').values(rows).execute();
    }
    return ids;
  }

  return {
    async listByMeeting(userId: string, meetingId: string, page: number, limit: number) {
      const [rows, count] = await Promise.all([
        items()
          .where('action_items.user_id', '=', userId)
          .where('action_items.meeting_id', '=', meetingId)
          .orderBy('action_items.position')
          .orderBy('action_items.id')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        db
          .selectFrom('action_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('meeting_id', '=', meetingId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as ActionItemRow[], total: Number(count.n) };
    },

    findForUser: async (userId: string, meetingId: string, id: string) =>
      (await items()
        .where('action_items.user_id', '=', userId)
        .where('action_items.meeting_id', '=', meetingId)
        .where('action_items.id', '=', id)
        .executeTakeFirst()) as ActionItemRow | undefined,

    /**
     * Appends items after the meeting's existing ones (imports, manual entries). Pass a transaction to join
     * one; without, each statement of INSERT_BATCH rows is its own (an import, docs/decisions/191).
     */
    insertMany: (userId: string, meetingId: string, newItems: NewActionItem[], executor: Db = db) =>
      insertRows(executor, userId, meetingId, newItems),

    /**
     * Appends one item while the meeting has fewer than `max`: counted and added under the meeting row's
     * lock (PostgreSQL; SQLite writes one transaction at a time), so racing requests never pass the bound.
     * The new item's id, or undefined when the meeting is full.
     */
    insertOneBounded: (userId: string, meetingId: string, item: NewActionItem, max: number) =>
      db.transaction().execute(async (trx) => {
        if (kind === 'postgres') {
          await trx.selectFrom('meetings').select('id').where('id', '=', meetingId).forUpdate().execute();
        }
        const { n } = await trx
          .selectFrom('action_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('meeting_id', '=', meetingId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return undefined;
        return (await insertRows(trx, userId, meetingId, [item]))[0];
      }),

    /** Removes a meeting's items in short statements (an import that did not finish). */
    deleteForMeeting: (userId: string, meetingId: string) => deleteMeetingRows(db, 'action_items', userId, meetingId),

    /**
     * Swaps the untouched items a previous generation made for a new set in one transaction, so a retried or
     * regenerated job never duplicates them. Items the user added, imported or changed stay; `choose` sees
     * them and returns which new items to add beside them (the rule for duplicates is the caller's).
     */
    async replaceGenerated(
      userId: string,
      meetingId: string,
      choose: (kept: ActionItemRow[]) => NewActionItem[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('action_items')
          .where('user_id', '=', userId)
          .where('meeting_id', '=', meetingId)
          .where('source', '=', 'generated')
          .where('edited_at', 'is', null)
          .execute();
        const kept = (await items(trx)
          .where('action_items.user_id', '=', userId)
          .where('action_items.meeting_id', '=', meetingId)
          .orderBy('action_items.position')
          .execute()) as ActionItemRow[];
        await insertRows(trx, userId, meetingId, choose(kept));
      });
    },

    async update(userId: string, meetingId: string, id: string, changes: ActionItemChanges): Promise<boolean> {
      const result = await db
        .updateTable('action_items')
        .set({ ...changes, updated_at: nowIso() })
        .where('user_id', '=', userId)
        .where('meeting_id', '=', meetingId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(userId: string, meetingId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('action_items')
        .where('user_id', '=', userId)
        .where('meeting_id', '=', meetingId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type ActionItemsRepository = ReturnType<typeof actionItemsRepository>;
