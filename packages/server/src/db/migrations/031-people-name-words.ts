import { type Kysely, sql } from 'kysely';
import { nameWords } from '../../lib/words/name-words.ts';

// A contact-name search across every project the caller shares read every contact of every co-member
// and matched the names in JavaScript (decision 291). A name's words and their stems are kept beside it
// so that SQL does the matching and returns the few that match: stems are Porter's, computed in
// JavaScript, here for the names already stored (a page of ids at a time) and by the repository on write.

const PAGE = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table people add column name_words text not null default ''`.execute(db);
  await sql`alter table people add column name_stems text not null default ''`.execute(db);
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; name: string }>`select id, name from people
      where id > ${after} order by id limit ${PAGE}`.execute(db);
    for (const row of rows) {
      const { name_words, name_stems } = nameWords(row.name);
      await sql`update people set name_words = ${name_words}, name_stems = ${name_stems} where id = ${row.id}`.execute(
        db,
      );
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = last.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table people drop column name_stems`.execute(db);
  await sql`alter table people drop column name_words`.execute(db);
}
