import { LIMITS, type ProjectSearchResult, routes } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { searchKeys } from './keys';

export async function searchProject(projectId: string, q: string, page: number): Promise<ProjectSearchResult> {
  const reply = await callRoute(routes.searchProject, {
    params: { id: projectId },
    query: { q, page, limit: LIMITS.searchPageSize, groupByMeeting: true },
  });
  return reply.data;
}

export const projectSearchQueryOptions = (projectId: string, q: string, page: number) =>
  queryOptions({
    queryKey: searchKeys.project(projectId, q, page),
    queryFn: () => searchProject(projectId, q, page),
    placeholderData: keepPreviousData,
  });

export function useProjectSearch(projectId: string, q: string, page: number) {
  return useQuery({ ...projectSearchQueryOptions(projectId, q, page), enabled: q !== '' });
}
