import type { Db } from '../db/database.ts';
import type { ApiTokensTable } from '../db/schema.ts';

export type ApiTokenRow = ApiTokensTable;

export function apiTokensRepository(db: Db) {
  return {
    async insert(row: ApiTokenRow) {
      await db.insertInto('api_tokens').values(row).execute();
    },

    listForUser: (userId: string) =>
      db
        .selectFrom('api_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),

    countForUser: async (userId: string) =>
      Number(
        (
          await db
            .selectFrom('api_tokens')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    findForUser: (userId: string, id: string) =>
      db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    findByHash: (hash: string) =>
      db.selectFrom('api_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst(),

    async touch(id: string, at: string) {
      await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    async deleteForUser(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('api_tokens')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
