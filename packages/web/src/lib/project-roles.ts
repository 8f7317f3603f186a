import type { ProjectRole } from '@parley/contract';

/** What a role may do in the web app; the server decides the same (docs/decisions/220). */
export const ROLE_LABELS: Record<ProjectRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };
export const canEdit = (role: ProjectRole) => role === 'owner' || role === 'editor';
export const canManage = (role: ProjectRole) => role === 'owner';
