import type { Db } from '../db/database.ts';
import type { OidcFlowsTable } from '../db/schema.ts';
import { nowIso } from '../lib/ids.ts';

export type OidcFlowRow = OidcFlowsTable;

/** Sign-ins under way through an OpenID provider: held in the database so any API process can finish one. */
export function oidcFlowsRepository(db: Db) {
  return {
    async create(row: OidcFlowRow) {
      // Flows nobody finished are cleared as new ones start: the table stays the size of the last few minutes.
      await db.deleteFrom('oidc_flows').where('expires_at', '<', nowIso()).execute();
      await db.insertInto('oidc_flows').values(row).execute();
    },

    /**
     * Takes a flow out of the table and returns it: single use even with several processes, since only
     * the one whose DELETE removed the row may go on.
     */
    async consume(id: string): Promise<OidcFlowRow | undefined> {
      const row = await db.selectFrom('oidc_flows').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const result = await db.deleteFrom('oidc_flows').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1 ? row : undefined;
    },
  };
}
