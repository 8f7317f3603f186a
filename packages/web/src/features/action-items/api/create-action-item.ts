import { type ActionItem, type CreateActionItemRequest, routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { actionItemKeys } from './keys';

export async function createActionItem(
  projectId: string,
  meetingId: string,
  item: CreateActionItemRequest,
): Promise<ActionItem> {
  const reply = await callRoute(routes.createActionItem, { params: { id: projectId, meetingId }, body: item });
  return reply.data;
}

/** Adds an item by hand; it joins the end of the list (the server's order). */
export function useCreateActionItem(projectId: string, meetingId: string) {
  const queryClient = useQueryClient();
  const queryKey = actionItemKeys.list(projectId, meetingId);
  return useMutation({
    mutationFn: (item: CreateActionItemRequest) => createActionItem(projectId, meetingId, item),
    onSuccess: (created) => queryClient.setQueryData<ActionItem[]>(queryKey, (items) => [...(items ?? []), created]),
  });
}
