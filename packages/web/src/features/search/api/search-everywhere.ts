import { type GlobalSearchResult, LIMITS, routes } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { searchKeys } from './keys';

/** GET /api/search: every project of the user (decision 162). */
export async function searchEverywhere(q: string, page: number): Promise<GlobalSearchResult> {
  const reply = await callRoute(routes.globalSearch, {
    query: { q, page, limit: LIMITS.searchPageSize },
  });
  return reply.data;
}

export const everywhereQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: searchKeys.everywhere(q, page),
    queryFn: () => searchEverywhere(q, page),
    placeholderData: keepPreviousData,
  });

export function useSearchEverywhere(q: string, page: number) {
  return useQuery({ ...everywhereQueryOptions(q, page), enabled: q !== '' });
}
