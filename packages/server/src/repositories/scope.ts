import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Which of one user's segments a search (or a scan of their vectors) reads. */
export type SearchScope =
  | { userId: string; meetingId: string }
  | { userId: string; projectId: string }
  /**
   * One of the caller's contacts, in every project the caller is a member of: a member may link their own
   * contacts in a shared project (decision 266), whose rows its holder keeps.
   */
  | { userId: string; personId: string }
  /**
   * Every meeting of every project the user is a member of, their own and those shared with them (the
   * global search, an ask without a project; decision 223). In the other scopes `userId` is the holder
   * of the rows (decision 220), the access check having been made before.
   */
  | { userId: string };

/** The scopes that read across the caller's memberships (everywhere, a person), not one holder's rows. */
export const byMembership = (scope: SearchScope): boolean => !('meetingId' in scope) && !('projectId' in scope);

/**
 * The scope's meetings by their holder, or by the caller's memberships: for `where` on a query that has
 * `meetings` (one place, so every part of a search reads the same projects).
 */
export const meetingsOfScope = (scope: SearchScope) => (eb: ExpressionBuilder<Database, 'meetings'>) =>
  byMembership(scope)
    ? eb(
        'meetings.project_id',
        'in',
        eb
          .selectFrom('project_members')
          .select('project_members.project_id')
          .where('project_members.user_id', '=', scope.userId),
      )
    : eb('meetings.user_id', '=', scope.userId);
