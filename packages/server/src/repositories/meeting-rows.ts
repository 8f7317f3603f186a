import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { nextTurn } from '../lib/next-turn.ts';

/** Rows a statement when many rows of one meeting are written or removed, a turn of the event loop between. */
export const ROWS_A_STATEMENT = 100;

/**
 * Removes one meeting's rows of `table` a hundred at a time, each statement its own transaction, with a
 * turn of the event loop between: a 20,000-segment meeting removed in one statement (the word index's
 * triggers with it) holds SQLite's single thread, and with it every request, for a long moment.
 */
export async function deleteMeetingRows(
  db: Db,
  table: 'transcriptions' | 'action_items',
  userId: string,
  meetingId: string,
): Promise<void> {
  for (;;) {
    const result = await sql`delete from ${sql.table(table)} where id in (
        select id from ${sql.table(table)} where user_id = ${userId} and meeting_id = ${meetingId}
        limit ${ROWS_A_STATEMENT})`.execute(db);
    if (Number(result.numAffectedRows ?? 0) < ROWS_A_STATEMENT) return;
    await nextTurn();
  }
}
