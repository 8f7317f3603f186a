import { type ActionItem, routes, type UpdateActionItemRequest } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { actionItemKeys } from './keys';

export async function updateActionItem(
  projectId: string,
  meetingId: string,
  itemId: string,
  changes: UpdateActionItemRequest,
): Promise<ActionItem> {
  const reply = await callRoute(routes.updateActionItem, {
    params: { id: projectId, meetingId, itemId },
    body: changes,
  });
  return reply.data;
}

/**
 * Saves changes to an item. The list shows them at once (optimistic, spec section 4) and reloads from
 * the server if the save fails.
 */
export function useUpdateActionItem(projectId: string, meetingId: string) {
  const queryClient = useQueryClient();
  const queryKey = actionItemKeys.list(projectId, meetingId);
  return useMutation({
    mutationFn: ({ itemId, changes }: { itemId: string; changes: UpdateActionItemRequest }) =>
      updateActionItem(projectId, meetingId, itemId, changes),
    onMutate: async ({ itemId, changes }) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<ActionItem[]>(queryKey, (items) =>
        items?.map((item) =>
          item._id === itemId
            ? {
                ...item,
                ...(changes.status !== undefined && { status: changes.status }),
                ...(changes.task !== undefined && { task: changes.task.trim() }),
                ...(changes.context !== undefined && { context: changes.context || null }),
                ...(changes.dueDate !== undefined && { dueDate: changes.dueDate || null }),
                ...(changes.assignee !== undefined && { assignee: changes.assignee || null }),
              }
            : item,
        ),
      );
    },
    onSuccess: (updated) =>
      queryClient.setQueryData<ActionItem[]>(queryKey, (items) =>
        items?.map((item) => (item._id === updated._id ? updated : item)),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
