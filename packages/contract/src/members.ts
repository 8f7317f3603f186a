import { z } from 'zod';
import { Email } from './auth.ts';
import { Id, IsoDate, success } from './common.ts';
import type { ProjectPermission } from './route-def.ts';

// A project's members and their roles (issue 37, docs/decisions/220).

export const PROJECT_ROLES = ['owner', 'editor', 'viewer'] as const;
export const ProjectRole = z.enum(PROJECT_ROLES, { error: 'Role must be owner, editor or viewer' });
export type ProjectRole = z.infer<typeof ProjectRole>;

/**
 * What each role may do (docs/decisions/220, 222): the server's access check decides by it, and the web
 * app offers each role only what it allows.
 */
const ROLE_GRANTS: Record<ProjectRole, readonly ProjectPermission[]> = {
  viewer: ['project.read'],
  editor: ['project.read', 'project.write'],
  owner: ['project.read', 'project.write', 'project.manage'],
};

export const roleMay = (role: ProjectRole, permission: ProjectPermission) => ROLE_GRANTS[role].includes(permission);

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
