import type { Db } from '../db/database.ts';
import type { SummaryTemplatesTable } from '../db/schema.ts';
import { newId, nowIso } from '../lib/ids.ts';

export type SummaryTemplateRow = SummaryTemplatesTable;
export interface TemplateFields {
  name: string;
  sections: Array<{ heading: string; instruction: string }>;
}

/** A user keeps a few templates: listing reads them all, bounded by what a user may create. */
export function summaryTemplatesRepository(db: Db) {
  const owned = (userId: string) => db.selectFrom('summary_templates').selectAll().where('user_id', '=', userId);
  return {
    listForUser: (userId: string) => owned(userId).orderBy('name').orderBy('id').execute(),

    findForUser: (userId: string, id: string) => owned(userId).where('id', '=', id).executeTakeFirst(),

    /** A project's default template, whoever's: an owner of the project chose it (issue 37). */
    findById: (id: string) => db.selectFrom('summary_templates').selectAll().where('id', '=', id).executeTakeFirst(),

    countForUser: async (userId: string) =>
      Number(
        (
          await db
            .selectFrom('summary_templates')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    async create(userId: string, fields: TemplateFields): Promise<string> {
      const id = newId();
      const now = nowIso();
      await db
        .insertInto('summary_templates')
        .values({
          id,
          user_id: userId,
          name: fields.name,
          sections: JSON.stringify(fields.sections),
          created_at: now,
          updated_at: now,
        })
        .execute();
      return id;
    },

    async update(userId: string, id: string, fields: TemplateFields): Promise<boolean> {
      const result = await db
        .updateTable('summary_templates')
        .set({ name: fields.name, sections: JSON.stringify(fields.sections), updated_at: nowIso() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Deletes the template and unsets it as the default of every project that has it, in one transaction:
     * the user's own, and shared ones they own and made it the default of (issue 37). Checked first to
     * be the user's, so no one unsets another's template.
     */
    async delete(userId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const mine = await trx
          .selectFrom('summary_templates')
          .select('id')
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (!mine) return false;
        await trx
          .updateTable('projects')
          .set({ summary_template_id: null })
          .where('summary_template_id', '=', id)
          .execute();
        const result = await trx
          .deleteFrom('summary_templates')
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
  };
}

export type SummaryTemplatesRepository = ReturnType<typeof summaryTemplatesRepository>;
