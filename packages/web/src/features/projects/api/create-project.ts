import { type CreateProjectRequest, type Project, routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/keys';
import { callRoute } from '@/lib/api-client';

export async function createProject(body: CreateProjectRequest): Promise<Project> {
  const reply = await callRoute(routes.createProject, { body });
  return reply.data;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
