import type { Kysely } from 'kysely';

// Written with Kysely's schema builder only, so it runs unchanged on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('avatar', 'text')
    .addColumn('tier', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('monthly_duration_limit', 'integer')
    .addColumn('max_file_size', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_user_created').on('projects').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('company', 'text')
    .addColumn('notes', 'text')
    .addColumn('social_linkedin', 'text')
    .addColumn('social_twitter', 'text')
    .addColumn('social_facebook', 'text')
    .addColumn('social_instagram', 'text')
    .addColumn('social_github', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('people_user_name').on('people').columns(['user_id', 'name']).execute();

  await db.schema
    .createTable('meetings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('duration_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('recording_type', 'text', (c) => c.notNull())
    .addColumn('audio_key', 'text')
    .addColumn('audio_mime', 'text')
    .addColumn('audio_size', 'bigint')
    .addColumn('audio_name', 'text')
    .addColumn('transcription_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('transcription_progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transcription_error', 'text')
    .addColumn('summary', 'text')
    .addColumn('action_items_status', 'text', (c) => c.notNull().defaultTo('not_started'))
    .addColumn('action_items_progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('action_items_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meetings_user_created').on('meetings').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('meetings_project').on('meetings').columns(['project_id', 'created_at']).execute();

  await db.schema
    .createTable('transcriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('speaker', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('is_edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transcriptions_meeting_start')
    .on('transcriptions')
    .columns(['meeting_id', 'start_ms'])
    .execute();
  await db.schema
    .createIndex('transcriptions_person')
    .on('transcriptions')
    .columns(['person_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('usage_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('meeting_id', 'text')
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('usage_user_month').on('usage_events').columns(['user_id', 'year', 'month']).execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_ready').on('jobs').columns(['status', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['jobs', 'usage_events', 'transcriptions', 'meetings', 'people', 'projects', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
