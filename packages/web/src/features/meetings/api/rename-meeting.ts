import type { Meeting, UpdateMeetingRequest } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { meetingKeys } from './keys';

export interface RenameMeetingInput {
  projectId: string;
  meetingId: string;
  title: string;
}

/** PUT with `title` renames the meeting (the server trims and checks it as on upload). */
export async function renameMeeting({ projectId, meetingId, title }: RenameMeetingInput): Promise<Meeting> {
  const body: UpdateMeetingRequest = { title };
  const reply = await api.put<Envelope<Meeting>>(
    `/api/projects/${encodeURIComponent(projectId)}/meetings/${encodeURIComponent(meetingId)}`,
    body,
  );
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
