import { routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meetingKeys } from '@/api/meetings/keys';
import { projectKeys } from '@/api/projects/keys';
import { callRoute } from '@/lib/api-client';

export async function deleteProject(projectId: string): Promise<void> {
  await callRoute(routes.deleteProject, { params: { id: projectId } });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_, projectId) => {
      queryClient.removeQueries({ queryKey: projectKeys.detail(projectId) });
      queryClient.removeQueries({ queryKey: meetingKeys.byProject(projectId) });
      // The project's meetings went with it, so every list may have changed. Not awaited: a screen
      // showing the deleted project navigates away instead of waiting for its own 404s.
      void queryClient.invalidateQueries();
    },
  });
}
