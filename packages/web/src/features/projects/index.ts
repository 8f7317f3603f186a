export { createProject } from './api/create-project';
export { DEFAULT_PROJECT, ensureDefaultProject, ensureDefaultProjectOnce } from './api/ensure-default-project';
export { getProject, projectQueryOptions, useProject } from './api/get-project';
export { useEnsureDefaultProject } from './hooks/use-default-project';
