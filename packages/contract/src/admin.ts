import { z } from 'zod';
import { Id, IsoDate, PageQuery, Pagination, success } from './common.ts';

// The instance admin (issue 37, docs/decisions/221): accounts, their limits and the instance at a glance.

export const USER_ROLES = ['admin', 'user'] as const;
export const UserRole = z.enum(USER_ROLES, { error: "Role must be 'admin' or 'user'" });
export type UserRole = z.infer<typeof UserRole>;

export const AdminUsersQuery = PageQuery(25).extend({
  search: z.string().trim().max(200).optional(),
});

export const AdminUser = z.object({
  _id: Id,
  name: z.string(),
  email: z.string(),
  role: UserRole,
  disabled: z.boolean(),
  /** The account's own monthly minutes; null: the tier's. */
  monthlyMinutes: z.number().int().nullable(),
  /** The account's own largest upload in MB; null: the tier's. */
  maxFileSizeMb: z.number().int().nullable(),
  /** What it recorded, uploaded or imported this month, and the limits that apply. */
  usage: z.object({ minutes: z.number().min(0), limitMinutes: z.number().min(0), maxFileSizeMb: z.number().min(0) }),
  createdAt: IsoDate,
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserListResponse = success(z.object({ users: z.array(AdminUser), pagination: Pagination }));

export const UpdateAdminUserRequest = z
  .object({
    role: UserRole.optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
    monthlyMinutes: z.number().int('Enter whole minutes').min(0).max(10_000_000).nullable().optional(),
    maxFileSizeMb: z.number().int('Enter whole megabytes').min(1).max(1_000_000).nullable().optional(),
  })
  .strict();
export type UpdateAdminUserRequest = z.infer<typeof UpdateAdminUserRequest>;
export const AdminUserResponse = success(AdminUser);

export const InstanceOverview = z.object({
  accounts: z.number().int().min(0),
  meetings: z.number().int().min(0),
  storedBytes: z.number().min(0),
  jobsWaiting: z.number().int().min(0),
  jobsFailed: z.number().int().min(0),
});
export type InstanceOverview = z.infer<typeof InstanceOverview>;
export const InstanceOverviewResponse = success(InstanceOverview);
