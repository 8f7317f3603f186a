import { type ActionItem, routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { actionItemKeys } from './keys';

export async function deleteActionItem(projectId: string, meetingId: string, itemId: string): Promise<void> {
  await callRoute(routes.deleteActionItem, { params: { id: projectId, meetingId, itemId } });
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
