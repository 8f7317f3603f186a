import { type Kysely, sql } from 'kysely';

// Teams (docs/decisions/220, 221): a project's members and their roles; every project's creator becomes
// its owner member, so every existing project keeps working. Accounts get a role and can be disabled; the
// oldest account of an existing instance becomes its admin (on a fresh one, the first account made).
// A meeting remembers who recorded, uploaded or imported it: their meter counts its minutes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_members')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('project_members_user')
    .on('project_members')
    .columns(['user_id', 'project_id'])
    .execute();
  await sql`insert into project_members (project_id, user_id, role, added_at)
            select id, user_id, 'owner', created_at from projects`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set role = 'admin'
            where id = (select id from users order by created_at, id limit 1)`.execute(db);

  await db.schema.alterTable('meetings').addColumn('created_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').dropColumn('created_by').execute();
  await db.schema.alterTable('users').dropColumn('disabled').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
  await db.schema.dropTable('project_members').execute();
}
