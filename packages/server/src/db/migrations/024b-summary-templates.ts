import type { Kysely } from 'kysely';

// Summary templates (docs/decisions/143): a user's named lists of sections, and a project's default one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('summary_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    /** JSON: [{heading, instruction}] */
    .addColumn('sections', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('summary_templates_user').on('summary_templates').column('user_id').execute();
  // No foreign key: SQLite cannot add one to an existing table; deleting a template clears it here.
  await db.schema.alterTable('projects').addColumn('summary_template_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('summary_template_id').execute();
  await db.schema.dropTable('summary_templates').execute();
}
