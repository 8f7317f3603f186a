import { type ProjectRole, roleMay } from '@parley/contract';

/** What a role may do in the web app: the contract's grants, which the server decides by (docs/decisions/220). */
export const ROLE_LABELS: Record<ProjectRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };
export const canEdit = (role: ProjectRole) => roleMay(role, 'project.write');
export const canManage = (role: ProjectRole) => roleMay(role, 'project.manage');
