import { type Meeting, routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { meetingKeys } from './keys';

export interface RenameMeetingInput {
  projectId: string;
  meetingId: string;
  title: string;
}

/** PUT with `title` renames the meeting (the server trims and checks it as on upload). */
export async function renameMeeting({ projectId, meetingId, title }: RenameMeetingInput): Promise<Meeting> {
  const reply = await callRoute(routes.updateMeeting, { params: { id: projectId, meetingId }, body: { title } });
  return reply.data;
}

export function useRenameMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameMeeting,
    onSuccess: (meeting, { projectId, meetingId }) => {
      queryClient.setQueryData(meetingKeys.detail(projectId, meetingId), meeting);
      // Lists (the project's, Home's recent meetings) show the title too.
      return queryClient.invalidateQueries({ queryKey: meetingKeys.all });
    },
  });
}
