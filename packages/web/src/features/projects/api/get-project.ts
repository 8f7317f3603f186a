import { type Project, routes } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/keys';
import { callRoute } from '@/lib/api-client';

export async function getProject(projectId: string): Promise<Project> {
  const reply = await callRoute(routes.getProject, { params: { id: projectId } });
  return reply.data;
}

export const projectQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: projectKeys.detail(projectId), queryFn: () => getProject(projectId) });

export function useProject(projectId: string) {
  return useQuery(projectQueryOptions(projectId));
}
