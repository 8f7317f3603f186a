import { type Project, routes, type UpdateProjectRequest } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/keys';
import { callRoute } from '@/lib/api-client';

export async function updateProject(projectId: string, body: UpdateProjectRequest): Promise<Project> {
  const reply = await callRoute(routes.updateProject, { params: { id: projectId }, body });
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
