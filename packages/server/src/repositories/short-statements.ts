import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { nextTurn } from '../lib/next-turn.ts';

/** Rows a statement when many rows are written, removed or changed, a turn of the event loop between. */
export const ROWS_A_STATEMENT = 100;

/** Runs a statement that touches at most ROWS_A_STATEMENT rows until it touches fewer, a turn between. */
async function untilFewer(statement: () => Promise<{ numAffectedRows?: bigint }>): Promise<void> {
  for (;;) {
    const result = await statement();
    if (Number(result.numAffectedRows ?? 0) < ROWS_A_STATEMENT) return;
    await nextTurn();
  }
}

/**
 * Removes one meeting's rows of `table` a hundred at a time, each statement its own transaction, with a
 * turn of the event loop between: a 20,000-segment meeting removed in one statement (the word index's
 * triggers with it) holds SQLite's single thread, and with it every request, for a long moment.
 */
export function deleteMeetingRows(
  db: Db,
  table: 'transcriptions' | 'action_items',
  userId: string,
  meetingId: string,
): Promise<void> {
  return untilFewer(() =>
    sql`delete from ${sql.table(table)} where id in (
        select id from ${sql.table(table)} where user_id = ${userId} and meeting_id = ${meetingId}
        limit ${ROWS_A_STATEMENT})`.execute(db),
  );
}

/**
 * Clears a person's link from the rows of `table` a hundred at a time, a turn between: a person is linked
 * to segments of any number of meetings, and one statement clearing 20,000 of them held the loop 50 ms.
 * Every row linked to the person, whoever holds it (a member's contact linked in a shared project,
 * decision 266): the caller has checked that the person is the user's.
 */
export function unlinkPersonRows(db: Db, table: 'transcriptions' | 'action_items', personId: string): Promise<void> {
  return untilFewer(() =>
    sql`update ${sql.table(table)} set person_id = null where id in (
        select id from ${sql.table(table)} where person_id = ${personId} limit ${ROWS_A_STATEMENT})`.execute(db),
  );
}
