import { type Meeting, routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meetingKeys } from '@/api/meetings/keys';
import { projectKeys } from '@/api/projects/keys';
import { callRoute } from '@/lib/api-client';

export interface MoveMeetingInput {
  projectId: string;
  meetingId: string;
  targetProjectId: string;
}

/** PUT {projectId} moves the meeting to another of the user's projects. */
export async function moveMeeting({ projectId, meetingId, targetProjectId }: MoveMeetingInput): Promise<Meeting> {
  const reply = await callRoute(routes.updateMeeting, {
    params: { id: projectId, meetingId },
    body: { projectId: targetProjectId },
  });
  return reply.data;
}

export function useMoveMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveMeeting,
    onSuccess: (_, { projectId, meetingId }) => {
      queryClient.removeQueries({ queryKey: meetingKeys.detail(projectId, meetingId) });
      // Both projects' lists and meeting counts change.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
      ]);
    },
  });
}
