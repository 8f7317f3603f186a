import { routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meetingKeys } from '@/api/meetings/keys';
import { projectKeys } from '@/api/projects/keys';
import { callRoute } from '@/lib/api-client';

export async function deleteMeeting({ projectId, meetingId }: { projectId: string; meetingId: string }) {
  await callRoute(routes.deleteMeeting, { params: { id: projectId, meetingId } });
}

export function useDeleteMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMeeting,
    onSuccess: (_, { projectId, meetingId }) => {
      queryClient.removeQueries({ queryKey: meetingKeys.detail(projectId, meetingId) });
      // Lists, the project's meeting count and usage views refresh.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
      ]);
    },
  });
}
