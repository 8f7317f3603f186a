import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Semantic search (docs/decisions/061-semantic-search.md): one vector per segment (the segment, with its
// neighbours when it is short), as little-endian Float32 in a blob / bytea, with the model that made it.
// pgvector is not in Debian's PostgreSQL 15, so the server compares vectors itself, page by page.
// A segment's vector goes with the segment (foreign key, cascade): a delete or a re-transcription
// leaves none behind in the same transaction.

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('segment_embeddings')
    .addColumn('segment_id', 'text', (c) => c.primaryKey().references('transcriptions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('dimension', 'integer', (c) => c.notNull())
    /** sha256 of the model and the embedded text: an unchanged window is not embedded again. */
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('vector', isPostgres(db) ? sql`bytea` : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) {
    // A 768-dimension vector is 3 KB: past PostgreSQL's 2 KB threshold it would be moved to the TOAST
    // table, one more lookup per row of every scan. MAIN keeps it in the row while the row fits a page.
    await sql`alter table segment_embeddings alter column vector set storage main`.execute(db);
  }
  // Scans read a meeting's vectors of one model in segment-id order (keyset pages, no sort).
  await db.schema
    .createIndex('segment_embeddings_meeting')
    .on('segment_embeddings')
    .columns(['meeting_id', 'model', 'segment_id'])
    .execute();
  // Deleting a user removes their rows through this foreign key.
  await db.schema.createIndex('segment_embeddings_user').on('segment_embeddings').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('segment_embeddings').ifExists().execute();
}
