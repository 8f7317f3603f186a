import type { UpdateAdminUserRequest } from '@parley/contract';
import type { JobQueue } from '../jobs/queue.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { pagination, presentAdminUser } from '../presenters/index.ts';
import type { instanceRepository } from '../repositories/instance.ts';
import { currentUsageMonth, type usageRepository } from '../repositories/usage.ts';
import type { UserRow, usersRepository } from '../repositories/users.ts';
import type { UsersService } from './users.ts';

// What an instance admin sees and changes (decision 221). Who may call it was decided by the route's
// permission ('admin'). Limits are per-account overrides of the tier: null goes back to the tier's.

interface Deps {
  users: ReturnType<typeof usersRepository>;
  usage: ReturnType<typeof usageRepository>;
  instance: ReturnType<typeof instanceRepository>;
  usersService: Pick<UsersService, 'limitsOf'>;
  queue: Pick<JobQueue, 'check' | 'countFailed'>;
}

const MB = 1024 * 1024;

export function adminService({ users, usage, instance, usersService, queue }: Deps) {
  const present = async (row: UserRow) =>
    presentAdminUser(row, usersService.limitsOf(row), await usage.secondsInMonth(row.id, currentUsageMonth()));

  return {
    async users(query: { page: number; limit: number; search?: string }) {
      const { rows, total } = await users.page(query.search || undefined, query.limit, (query.page - 1) * query.limit);
      return {
        users: await Promise.all(rows.map(present)),
        pagination: pagination(query.page, query.limit, total),
      };
    },

    /** An admin can't take away their own admin role or disable themself: the instance would lose its admin. */
    async update(callerId: string, id: string, input: UpdateAdminUserRequest) {
      const row = await users.findById(id);
      if (!row) throw notFound('User');
      if (id === callerId && (input.role === 'user' || input.disabled === true))
        throw conflict('You cannot remove your own admin role or disable your own account');
      await users.update(id, {
        ...(input.role !== undefined && { role: input.role }),
        ...(input.disabled !== undefined && { disabled: input.disabled ? 1 : 0 }),
        ...(input.monthlyMinutes !== undefined && {
          monthly_duration_limit: input.monthlyMinutes === null ? null : input.monthlyMinutes * 60,
        }),
        ...(input.maxFileSizeMb !== undefined && {
          max_file_size: input.maxFileSizeMb === null ? null : input.maxFileSizeMb * MB,
        }),
      });
      return present((await users.findById(id)) as UserRow);
    },

    async overview() {
      const [counts, jobs, jobsFailed] = await Promise.all([instance.overview(), queue.check(), queue.countFailed()]);
      return { ...counts, jobsWaiting: jobs.pending, jobsFailed };
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
