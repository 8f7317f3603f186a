import type { Project } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { projectKeys } from './keys';

export async function getProjects(): Promise<Project[]> {
  const reply = await api.get<Envelope<{ projects: Project[] }>>('/api/projects');
  return reply.data.projects ?? [];
}

export const projectsQueryOptions = () => queryOptions({ queryKey: projectKeys.list(), queryFn: getProjects });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
