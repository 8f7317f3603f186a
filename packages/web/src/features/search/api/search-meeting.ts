import { LIMITS, type MeetingSearchResult, routes } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { searchKeys } from './keys';

export async function searchMeeting(meetingId: string, q: string, page: number): Promise<MeetingSearchResult> {
  const reply = await callRoute(routes.searchMeeting, {
    params: { meetingId },
    query: { q, page, limit: LIMITS.searchPageSize },
  });
  return reply.data;
}

export const meetingSearchQueryOptions = (meetingId: string, q: string, page: number) =>
  queryOptions({
    queryKey: searchKeys.meeting(meetingId, q, page),
    queryFn: () => searchMeeting(meetingId, q, page),
    placeholderData: keepPreviousData,
  });

/** Runs only for a non-blank query: a blank one means "no search". */
export function useMeetingSearch(meetingId: string, q: string, page: number) {
  return useQuery({ ...meetingSearchQueryOptions(meetingId, q, page), enabled: q !== '' });
}
