import type { Db } from '../db/database.ts';
import type { MeetingSharesTable } from '../db/schema.ts';

export type ShareRow = MeetingSharesTable;

export function sharesRepository(db: Db) {
  return {
    async insert(row: ShareRow) {
      await db.insertInto('meeting_shares').values(row).execute();
    },

    listForMeeting: (userId: string, meetingId: string) =>
      db
        .selectFrom('meeting_shares')
        .selectAll()
        .where('user_id', '=', userId)
        .where('meeting_id', '=', meetingId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),

    countForMeeting: async (userId: string, meetingId: string) =>
      Number(
        (
          await db
            .selectFrom('meeting_shares')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('meeting_id', '=', meetingId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    findByToken: (token: string) =>
      db.selectFrom('meeting_shares').selectAll().where('token', '=', token).executeTakeFirst(),

    async delete(userId: string, meetingId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('meeting_shares')
        .where('user_id', '=', userId)
        .where('meeting_id', '=', meetingId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
