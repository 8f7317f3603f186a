import { type Permission, type ProjectPermission, type ProjectRole, roleMay } from '@parley/contract';
import { forbidden, notFound } from '../lib/errors.ts';
import type { accessRepository } from '../repositories/access.ts';

// Access is decided here and nowhere else (docs/decisions/222): each route of the table declares the
// permission it needs, the router asks this service, and the handler gets the project's holder, the
// account under whose id the project's rows are kept, to scope its queries by.

export const REFUSALS: Record<ProjectPermission, string> = {
  'project.read': 'You cannot read this project',
  'project.write': 'Viewers of this project can read it but not change it: ask an owner to make you an editor',
  'project.manage': "Only the project's owners can change the project or its members",
};

export interface ProjectAccess {
  projectId: string;
  /** The account the project's rows are kept under (its creator): queries are scoped by it. */
  holderId: string;
  role: ProjectRole;
}

interface Deps {
  access: ReturnType<typeof accessRepository>;
}

export function accessService({ access }: Deps) {
  function decide(
    row: { project_id: string; holder_id: string; role: ProjectRole } | undefined,
    permission: ProjectPermission,
    what: string,
  ): ProjectAccess {
    // Not a member: the same 404 as for another account's data, so a project's existence does not leak.
    if (!row) throw notFound(what);
    if (!roleMay(row.role, permission)) throw forbidden(REFUSALS[permission]);
    return { projectId: row.project_id, holderId: row.holder_id, role: row.role };
  }

  const requireProject = async (userId: string, projectId: string, permission: ProjectPermission) =>
    decide(await access.onProject(userId, projectId), permission, 'Project');
  const requireMeeting = async (userId: string, meetingId: string, permission: ProjectPermission) =>
    decide(await access.onMeeting(userId, meetingId), permission, 'Meeting');
  async function requireAdmin(userId: string) {
    if (!(await access.isAdmin(userId))) throw forbidden('Only an administrator of this Parley can do this');
  }

  return {
    requireProject,
    requireMeeting,
    requireAdmin,

    /**
     * What a route's declared permission asks of this caller, given its path parameters: the project
     * named by `/api/projects/:id`, else the project of `:meetingId`. Answers the project access for the
     * project permissions, nothing for `self` (the caller's own things) and `admin`.
     */
    async requireRoute(
      permission: Permission,
      path: string,
      userId: string,
      params: Record<string, unknown>,
    ): Promise<ProjectAccess | undefined> {
      if (permission === 'public' || permission === 'self') return undefined;
      if (permission === 'admin') {
        await requireAdmin(userId);
        return undefined;
      }
      const target = projectTarget(path);
      if (target === 'project') return requireProject(userId, String(params.id), permission);
      return requireMeeting(userId, String(params.meetingId), permission);
    },
  };
}

/** Which path parameter names a route's project; a project permission on a path naming neither is a mistake. */
export function projectTarget(path: string): 'project' | 'meeting' {
  if (path.startsWith('/api/projects/:id')) return 'project';
  if (path.includes('/:meetingId')) return 'meeting';
  throw new Error(`${path}: a project permission needs /api/projects/:id or a :meetingId in the path`);
}

export type AccessService = ReturnType<typeof accessService>;
