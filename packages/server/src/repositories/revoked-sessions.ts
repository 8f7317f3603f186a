import type { Db } from '../db/database.ts';
import { nowIso } from '../lib/ids.ts';

/** Sessions signed out before they expired (docs/decisions/105-sign-out-revokes-the-session.md). */
export function revokedSessionsRepository(db: Db) {
  return {
    async revoke(row: { sessionId: string; userId: string; expiresAt: string }) {
      // A revoked token that expired is refused by its signature check anyway: its row can go.
      await db.deleteFrom('revoked_sessions').where('expires_at', '<', nowIso()).execute();
      await db
        .insertInto('revoked_sessions')
        .values({ session_id: row.sessionId, user_id: row.userId, expires_at: row.expiresAt })
        .onConflict((oc) => oc.column('session_id').doNothing())
        .execute();
    },

    async isRevoked(sessionId: string): Promise<boolean> {
      const row = await db
        .selectFrom('revoked_sessions')
        .select('session_id')
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
