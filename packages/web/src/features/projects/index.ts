export { createProject } from './api/create-project';
export { DEFAULT_PROJECT, ensureDefaultProject, ensureDefaultProjectOnce } from './api/ensure-default-project';
export { getProject, projectQueryOptions, useProject } from './api/get-project';
export { getProjects, projectsQueryOptions, useProjects } from './api/get-projects';
export { projectKeys } from './api/keys';
export { useEnsureDefaultProject } from './hooks/use-default-project';
export { distinctProjectLabels, projectDetails } from './lib/project-label';
