import { type ActionItem, LIMITS, type Pagination, routes } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { actionItemKeys } from './keys';

export interface ActionItemPage {
  actionItems: ActionItem[];
  pagination: Pagination;
}

export async function getActionItems(projectId: string, meetingId: string, page = 1): Promise<ActionItemPage> {
  const reply = await callRoute(routes.listActionItems, {
    params: { id: projectId, meetingId },
    query: { page, limit: LIMITS.actionItemPageSize },
  });
  return reply.data;
}

/** Every item of the meeting, a page (50) at a time; meetings rarely have more than one page. */
async function getAllActionItems(projectId: string, meetingId: string): Promise<ActionItem[]> {
  const first = await getActionItems(projectId, meetingId, 1);
  const items = [...first.actionItems];
  for (let page = 2; page <= first.pagination.pages; page++) {
    items.push(...(await getActionItems(projectId, meetingId, page)).actionItems);
  }
  return items;
}

export const actionItemsQueryOptions = (projectId: string, meetingId: string) =>
  queryOptions({
    queryKey: actionItemKeys.list(projectId, meetingId),
    queryFn: () => getAllActionItems(projectId, meetingId),
    // Loaded once when generation completes (spec section 4); changes come from this page's own mutations.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useActionItems(projectId: string, meetingId: string, enabled: boolean) {
  return useQuery({ ...actionItemsQueryOptions(projectId, meetingId), enabled });
}
