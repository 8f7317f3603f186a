import { routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meetingKeys } from '@/api/meetings/keys';
import { callRoute } from '@/lib/api-client';

/** "Delete recording, keep transcript": DELETE .../audio answers 204. */
export async function deleteRecording({ projectId, meetingId }: { projectId: string; meetingId: string }) {
  await callRoute(routes.deleteRecording, { params: { id: projectId, meetingId } });
}

export function useDeleteRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecording,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
}
