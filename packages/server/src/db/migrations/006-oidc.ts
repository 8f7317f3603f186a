import type { Kysely } from 'kysely';

// Sign-in through an OpenID provider: who is who at the provider, and the flows under way.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('identities_issuer_subject', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('identities_user').on('identities').column('user_id').execute();

  // One row per sign-in started; the browser holds its id in a cookie. Deleted when used (single use).
  await db.schema
    .createTable('oidc_flows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_flows_expires').on('oidc_flows').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_flows').execute();
  await db.schema.dropTable('identities').execute();
}
