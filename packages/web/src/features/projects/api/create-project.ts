import type { CreateProjectRequest, Project } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { projectKeys } from './keys';

export async function createProject(body: CreateProjectRequest): Promise<Project> {
  const reply = await api.post<Envelope<Project>>('/api/projects', body);
  return reply.data;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
