import type { Db } from '../db/database.ts';
import type { IdentitiesTable } from '../db/schema.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { type UserRow, usersRepository } from './users.ts';

export type IdentityRow = IdentitiesTable;

/** Accounts at an OpenID provider, keyed by (issuer, subject), each belonging to one user. */
export function identitiesRepository(db: Db) {
  return {
    find: (issuer: string, subject: string) =>
      db
        .selectFrom('identities')
        .selectAll()
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst(),

    listForUser: (userId: string) => db.selectFrom('identities').selectAll().where('user_id', '=', userId).execute(),

    async create(input: { userId: string; issuer: string; subject: string; email: string | null }) {
      const now = nowIso();
      await db
        .insertInto('identities')
        .values({
          id: newId(),
          user_id: input.userId,
          issuer: input.issuer,
          subject: input.subject,
          email: input.email,
          created_at: now,
          last_used_at: now,
        })
        .execute();
    },

    /**
     * A new account and its first identity in one transaction: when the identity cannot be stored (the same
     * provider account signing in twice at once), no password-less account is left behind without a way in.
     */
    createAccount(input: { name: string; email: string; issuer: string; subject: string }): Promise<UserRow> {
      return db.transaction().execute(async (trx) => {
        const user = await usersRepository(trx).create({ name: input.name, email: input.email, passwordHash: null });
        await identitiesRepository(trx).create({
          userId: user.id,
          issuer: input.issuer,
          subject: input.subject,
          email: input.email,
        });
        return user;
      });
    },

    async touch(id: string, email: string | null) {
      await db.updateTable('identities').set({ last_used_at: nowIso(), email }).where('id', '=', id).execute();
    },
  };
}
