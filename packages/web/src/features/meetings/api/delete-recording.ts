import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meetingKeys } from './keys';

/** "Delete recording, keep transcript": DELETE .../audio answers 204. */
export async function deleteRecording({ projectId, meetingId }: { projectId: string; meetingId: string }) {
  await api.delete(`/api/projects/${encodeURIComponent(projectId)}/meetings/${encodeURIComponent(meetingId)}/audio`);
}

export function useDeleteRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecording,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
}
