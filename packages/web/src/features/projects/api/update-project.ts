import type { Project, UpdateProjectRequest } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { projectKeys } from './keys';

export async function updateProject(projectId: string, body: UpdateProjectRequest): Promise<Project> {
  const reply = await api.put<Envelope<Project>>(`/api/projects/${encodeURIComponent(projectId)}`, body);
  return reply.data;
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, body }: { projectId: string; body: UpdateProjectRequest }) =>
      updateProject(projectId, body),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project._id), project);
      return queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}
