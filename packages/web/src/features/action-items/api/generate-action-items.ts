import type { Meeting } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meetingKeys } from '@/features/meetings';
import { api, type Envelope } from '@/lib/api-client';
import { actionItemsPath } from './paths';

export async function generateActionItems(projectId: string, meetingId: string): Promise<Meeting> {
  const reply = await api.post<Envelope<Meeting>>(`${actionItemsPath(projectId, meetingId)}/generate`);
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
