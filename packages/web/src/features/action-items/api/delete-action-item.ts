import type { ActionItem } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { actionItemKeys } from './keys';
import { actionItemPath } from './paths';

export async function deleteActionItem(projectId: string, meetingId: string, itemId: string): Promise<void> {
  await api.delete(actionItemPath(projectId, meetingId, itemId));
}

export function useDeleteActionItem(projectId: string, meetingId: string) {
  const queryClient = useQueryClient();
  const queryKey = actionItemKeys.list(projectId, meetingId);
  return useMutation({
    mutationFn: (itemId: string) => deleteActionItem(projectId, meetingId, itemId),
    onSuccess: (_, itemId) =>
      queryClient.setQueryData<ActionItem[]>(queryKey, (items) => items?.filter((item) => item._id !== itemId)),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
