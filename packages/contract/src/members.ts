import { z } from 'zod';
import { Email } from './auth.ts';
import { Id, IsoDate, success } from './common.ts';

// A project's members and their roles (issue 37, docs/decisions/220).

export const PROJECT_ROLES = ['owner', 'editor', 'viewer'] as const;
export const ProjectRole = z.enum(PROJECT_ROLES, { error: 'Role must be owner, editor or viewer' });
export type ProjectRole = z.infer<typeof ProjectRole>;

export const Member = z.object({
  user: z.object({ _id: Id, name: z.string(), email: z.string() }),
  role: ProjectRole,
  addedAt: IsoDate,
});
export type Member = z.infer<typeof Member>;

/**
 * Members one account may add by email in an hour, across its projects (docs/decisions/292): whether an
 * email has an account shows in the answer, so adding is a lookup, bounded like sign-ups.
 */
export const MEMBER_ADDS_PER_HOUR = 50;

export const AddMemberRequest = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(Email),
  role: ProjectRole,
});
export type AddMemberRequest = z.infer<typeof AddMemberRequest>;

export const UpdateMemberRequest = z.object({ role: ProjectRole });
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequest>;

export const MemberResponse = success(Member);
export const MemberListResponse = success(z.object({ members: z.array(Member) }));
