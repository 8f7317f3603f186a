import type { AddMemberRequest, ProjectRole } from '@parley/contract';
import type { Db } from '../db/database.ts';
import { AppError, conflict, forbidden, notFound, tooManyRequests } from '../lib/errors.ts';
import { presentMember } from '../presenters/index.ts';
import type { MemberRow, membersRepository } from '../repositories/members.ts';
import type { usersRepository } from '../repositories/users.ts';
import type { ProjectAccess } from './access.ts';
import { formatWait, type LoginThrottle } from './login-throttle.ts';

// Who may change a project's members was decided by the route's permission (project.manage), except
// leaving: any member may remove themself. The last owner stays (issue 37): a project always has one.

interface Deps {
  db: Db;
  members: ReturnType<typeof membersRepository>;
  users: ReturnType<typeof usersRepository>;
  throttle: Pick<LoginThrottle, 'reserveForAccount'>;
}

const LAST_OWNER = 'A project needs an owner: make another member an owner first';

export function membersService({ db, members, users, throttle }: Deps) {
  async function member(trx: Db, projectId: string, userId: string) {
    const row = await members.find(trx, projectId, userId);
    if (!row) throw notFound('Member');
    return row;
  }

  /** Runs a change that may take an owner away, refusing it when it would leave the project none. */
  async function keepingAnOwner(projectId: string, userId: string, change: (trx: Db, row: MemberRow) => Promise<void>) {
    await db.transaction().execute(async (trx) => {
      await members.lock(trx, projectId);
      const row = await member(trx, projectId, userId);
      await change(trx, row);
      if (row.role === 'owner' && (await members.owners(trx, projectId)) === 0) throw conflict(LAST_OWNER);
    });
  }

  return {
    list: async (projectId: string) => ({ members: (await members.list(projectId)).map(presentMember) }),

    /** `callerId` adds: counted before the email is looked up, so no account can test emails in bulk. */
    async add(callerId: string, projectId: string, input: AddMemberRequest) {
      const wait = await throttle.reserveForAccount('memberAdds', callerId);
      if (wait > 0)
        throw tooManyRequests(`Too many members added in the last hour. Try again in ${formatWait(wait)}.`, wait);
      const account = await users.findByEmail(input.email);
      if (!account) throw new AppError(404, 'No account has this email: they need to sign up first');
      const exists = async () => (await members.find(db, projectId, account.id)) !== undefined;
      if (await exists()) throw conflict('This account is already a member of the project');
      try {
        await members.add(projectId, account.id, input.role);
      } catch (error) {
        // Two owners adding the same account at once: the primary key decides.
        if (await exists()) throw conflict('This account is already a member of the project');
        throw error;
      }
      return presentMember(await member(db, projectId, account.id));
    },

    async setRole(projectId: string, userId: string, role: ProjectRole) {
      await keepingAnOwner(projectId, userId, (trx) => members.setRole(trx, projectId, userId, role));
      return presentMember(await member(db, projectId, userId));
    },

    /** An owner removes anyone; any other member only themself (leaving). */
    async remove(caller: { userId: string; access: ProjectAccess }, userId: string) {
      const { projectId, role } = caller.access;
      if (userId !== caller.userId && role !== 'owner')
        throw forbidden("Only the project's owners can remove other members");
      await keepingAnOwner(projectId, userId, (trx) => members.remove(trx, projectId, userId));
    },
  };
}

export type MembersService = ReturnType<typeof membersService>;
