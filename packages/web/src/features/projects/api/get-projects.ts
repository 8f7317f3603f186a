import type { Project, ProjectListResponse } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

export async function getProjects(): Promise<Project[]> {
  const reply = await api.get<z.infer<typeof ProjectListResponse>>('/api/projects');
  return reply.data.projects ?? [];
}

export const projectsQueryOptions = () => queryOptions({ queryKey: projectKeys.list(), queryFn: getProjects });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
