import { type Meeting, routes } from '@parley/contract';
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
    onSuccess: (_nothing, { projectId, meetingId }) => {
      // The page drops its player at once, and the recording's address is never asked again: it is gone
      // (asking would answer 404 while the meeting refetches).
      const detail = meetingKeys.detail(projectId, meetingId);
      queryClient.setQueryData<Meeting>(detail, (meeting) =>
        meeting
          ? {
              ...meeting,
              audioDeletedAt: new Date().toISOString(),
              metadata: { ...meeting.metadata, audio: undefined },
            }
          : meeting,
      );
      queryClient.removeQueries({ queryKey: [...detail, 'audio-url'] });
      return queryClient.invalidateQueries({
        queryKey: meetingKeys.all,
        predicate: (query) => query.queryKey.at(-1) !== 'audio-url',
      });
    },
  });
}
