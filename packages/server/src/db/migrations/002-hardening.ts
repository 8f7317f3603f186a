import type { Kysely } from 'kysely';
import { projectNameKey } from '../../lib/project-names.ts';

// Sign-in throttling shared by every API process, session versions (a password change ends the other
// sessions), and one project name per user whatever its case (docs/decisions/040-042).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('kept_session_id', 'text').execute();

  await db.schema.alterTable('projects').addColumn('name_key', 'text').execute();
  await renameDuplicateProjects(db as Kysely<ProjectsAt002>);
  await db.schema
    .createIndex('projects_user_name_key')
    .on('projects')
    .columns(['user_id', 'name_key'])
    .unique()
    .execute();
}

/** The projects table as this migration sees it (later migrations may change schema.ts). */
interface ProjectsAt002 {
  projects: { id: string; user_id: string; name: string; name_key: string | null; created_at: string };
}

/**
 * Names stored before the rule: the oldest project keeps its name, later ones get " (2)", " (3)"...
 * so nothing is lost and every project stays distinguishable in the pickers.
 */
async function renameDuplicateProjects(db: Kysely<ProjectsAt002>) {
  const rows = await db
    .selectFrom('projects')
    .select(['id', 'user_id', 'name'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set(rows.map((r) => `${r.user_id}\u0000${projectNameKey(r.name)}`));
  const seen = new Set<string>();
  for (const row of rows) {
    let name = row.name.trim();
    let key = `${row.user_id}\u0000${projectNameKey(name)}`;
    if (seen.has(key)) {
      for (let n = 2; ; n++) {
        const candidate = `${name} (${n})`;
        const candidateKey = `${row.user_id}\u0000${projectNameKey(candidate)}`;
        if (!taken.has(candidateKey) && !seen.has(candidateKey)) {
          name = candidate;
          key = candidateKey;
          taken.add(key);
          break;
        }
      }
    }
    seen.add(key);
    await db
      .updateTable('projects')
      .set({ name, name_key: projectNameKey(name) })
      .where('id', '=', row.id)
      .execute();
  }
}
