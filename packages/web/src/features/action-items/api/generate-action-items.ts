import { type Meeting, routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meetingKeys } from '@/api/meetings/keys';
import { callRoute } from '@/lib/api-client';

export async function generateActionItems(projectId: string, meetingId: string): Promise<Meeting> {
  const reply = await callRoute(routes.generateActionItems, { params: { id: projectId, meetingId } });
  return reply.data;
}

/** Starts generation; the answer (status processing) goes into the meeting cache, which then polls. */
export function useGenerateActionItems(projectId: string, meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateActionItems(projectId, meetingId),
    onSuccess: (meeting) => queryClient.setQueryData(meetingKeys.detail(projectId, meetingId), meeting),
  });
}
