import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Which of one user's segments a search (or a scan of their vectors) reads. */
export type SearchScope =
  | { userId: string; meetingId: string }
  | { userId: string; projectId: string }
  | { userId: string; personId: string }
  /**
   * Every meeting of every project the user is a member of, their own and those shared with them (the
   * global search, an ask without a project; decision 223). In the other scopes `userId` is the holder
   * of the rows (decision 220), the access check having been made before.
   */
  | { userId: string };

/** The scope that reads across the caller's memberships, not one holder's rows. */
export const isEverywhere = (scope: SearchScope): boolean =>
  !('meetingId' in scope) && !('projectId' in scope) && !('personId' in scope);

/**
 * The scope's meetings by their holder, or everywhere by the caller's memberships: for `where` on a
 * query that has `meetings` (one place, so every part of a search reads the same projects).
 */
export const meetingsOfScope = (scope: SearchScope) => (eb: ExpressionBuilder<Database, 'meetings'>) =>
  isEverywhere(scope)
    ? eb(
        'meetings.project_id',
        'in',
        eb
          .selectFrom('project_members')
          .select('project_members.project_id')
          .where('project_members.user_id', '=', scope.userId),
      )
    : eb('meetings.user_id', '=', scope.userId);
