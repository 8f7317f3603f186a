import type { Db } from '../db/database.ts';
import type { UsersTable } from '../db/schema.ts';
import { newId, nowIso } from '../lib/ids.ts';

export type UserRow = UsersTable;

export function usersRepository(db: Db) {
  return {
    /** A new password and a new session version in one statement: older session tokens stop working. */
    /** The new password and the end of the other sessions, and of the access tokens when asked, all at once. */
    async changePassword(
      id: string,
      passwordHash: string,
      keptSessionId: string | null,
      { deleteAccessTokens }: { deleteAccessTokens: boolean },
    ) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set((eb) => ({
            password_hash: passwordHash,
            session_version: eb('session_version', '+', 1),
            kept_session_id: keptSessionId,
            updated_at: nowIso(),
          }))
          .where('id', '=', id)
          .execute();
        if (deleteAccessTokens) await trx.deleteFrom('api_tokens').where('user_id', '=', id).execute();
      });
    },

    findById: (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    findByEmail: (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),

    async create(input: { name: string; email: string; passwordHash: string | null }): Promise<UserRow> {
      const now = nowIso();
      const row: UserRow = {
        id: newId(),
        name: input.name,
        email: input.email,
        password_hash: input.passwordHash,
        avatar: null,
        tier: 'free',
        monthly_duration_limit: null,
        max_file_size: null,
        session_version: 0,
        kept_session_id: null,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('users').values(row).execute();
      return row;
    },

    async update(
      id: string,
      changes: Partial<Pick<UserRow, 'name' | 'password_hash' | 'monthly_duration_limit' | 'max_file_size' | 'tier'>>,
    ) {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },
  };
}
