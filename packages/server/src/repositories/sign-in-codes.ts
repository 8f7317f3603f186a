import type { Db } from '../db/database.ts';
import type { SignInCodesTable } from '../db/schema.ts';
import { nowIso } from '../lib/ids.ts';

/** One-time codes that carry a sign-in to the web app's landing (docs/decisions/106-sign-in-landing-bound-to-its-flow.md). */
export function signInCodesRepository(db: Db) {
  return {
    async create(row: SignInCodesTable) {
      await db.deleteFrom('sign_in_codes').where('expires_at', '<', nowIso()).execute();
      await db.insertInto('sign_in_codes').values(row).execute();
    },

    /** Takes the code out of the table whatever happens next (single use, also across API processes). */
    async consume(codeHash: string): Promise<SignInCodesTable | undefined> {
      const row = await db.selectFrom('sign_in_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
      if (!row) return undefined;
      const result = await db.deleteFrom('sign_in_codes').where('code_hash', '=', codeHash).executeTakeFirst();
      return Number(result.numDeletedRows) === 1 ? row : undefined;
    },
  };
}
