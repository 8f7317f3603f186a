import { sql } from 'kysely';
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

    /**
     * A new account; the first one of the instance is its admin (decision 221), decided in the insert
     * itself so the account is admin exactly when no other existed.
     */
    async create(input: {
      name: string;
      email: string;
      passwordHash: string | null;
      role?: 'admin';
    }): Promise<UserRow> {
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
        disabled: 0,
        created_at: now,
        updated_at: now,
      };
      const role = input.role ?? sql<string>`(case when exists (select 1 from users) then 'user' else 'admin' end)`;
      await db
        .insertInto('users')
        .values({ ...row, role })
        .execute();
      return (await db.selectFrom('users').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()) as UserRow;
    },

    /** A page of accounts, oldest first, whose name or email contains `search` (any case). */
    async page(search: string | undefined, limit: number, offset: number) {
      let query = db.selectFrom('users');
      if (search) {
        const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
          ]),
        );
      }
      const [rows, total] = await Promise.all([
        query.selectAll().orderBy('created_at').orderBy('id').limit(limit).offset(offset).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    async update(
      id: string,
      changes: Partial<
        Pick<
          UserRow,
          'name' | 'password_hash' | 'monthly_duration_limit' | 'max_file_size' | 'tier' | 'role' | 'disabled'
        >
      >,
    ) {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },
  };
}
