import type { Project } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { projectKeys } from './keys';

export async function getProject(projectId: string): Promise<Project> {
  const reply = await api.get<Envelope<Project>>(`/api/projects/${encodeURIComponent(projectId)}`);
  return reply.data;
}

export const projectQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: projectKeys.detail(projectId), queryFn: () => getProject(projectId) });

export function useProject(projectId: string) {
  return useQuery(projectQueryOptions(projectId));
}
