export { createProject } from './api/create-project';
export { DEFAULT_PROJECT, ensureDefaultProject, ensureDefaultProjectOnce } from './api/ensure-default-project';
export { getProject, projectQueryOptions, useProject } from './api/get-project';
export { DeleteProjectDialog } from './components/DeleteProjectDialog';
export { ProjectFormDialog } from './components/ProjectFormDialog';
export { RetentionSetting } from './components/RetentionSetting';
export { SummaryTemplateSetting } from './components/SummaryTemplateSetting';
export { useEnsureDefaultProject } from './hooks/use-default-project';
