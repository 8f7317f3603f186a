import { type Project, routes } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { projectKeys } from './keys';

export async function getProjects(): Promise<Project[]> {
  const reply = await callRoute(routes.listProjects);
  return reply.data.projects ?? [];
}

export const projectsQueryOptions = () => queryOptions({ queryKey: projectKeys.list(), queryFn: getProjects });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
