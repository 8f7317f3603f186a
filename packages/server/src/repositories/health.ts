import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export function healthRepository(db: Db) {
  return {
    /** The cheapest round trip that proves the database answers. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}
