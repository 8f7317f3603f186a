import type { peopleRepository } from '../repositories/people.ts';
import type { usersRepository } from '../repositories/users.ts';

export interface RecorderDeps {
  users: Pick<ReturnType<typeof usersRepository>, 'findById'>;
  people: Pick<ReturnType<typeof peopleRepository>, 'findSelf'>;
}

/**
 * Whoever made the meeting (recorded, uploaded or imported it): its minutes are on their meter and a
 * call's side 0 carries their name (decision 220). Rows from before migration 028 have no `created_by`:
 * the project's holder made them.
 */
export const madeBy = (meeting: { user_id: string; created_by?: string | null }) =>
  meeting.created_by ?? meeting.user_id;

/**
 * The person recording a call, whose side (the microphone's) is named after them (decisions 241, 250):
 * whoever made the meeting (in a shared project a member, not the project's holder, decision 220), by
 * their own entry in People when there is one (linked), else by their account's name.
 */
export async function recorderOf(
  { users, people }: RecorderDeps,
  meeting: { user_id: string; created_by?: string | null },
): Promise<{ name: string; personId: string | null } | undefined> {
  const userId = madeBy(meeting);
  const user = await users.findById(userId);
  if (!user) return undefined;
  const self = await people.findSelf(userId, { name: user.name, email: user.email });
  return { name: self?.name ?? user.name, personId: self?.id ?? null };
}
