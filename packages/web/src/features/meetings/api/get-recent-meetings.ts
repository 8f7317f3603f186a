import { LIMITS, type Meeting, routes } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { meetingKeys } from '@/api/meetings/keys';
import { callRoute } from '@/lib/api-client';
import { pollWhileUnfinished } from './get-meeting';

export async function getRecentMeetings(userId: string, limit: number = LIMITS.recentMeetings): Promise<Meeting[]> {
  const reply = await callRoute(routes.recentMeetings, { params: { userId }, query: { limit } });
  return (reply.data.meetings ?? []).slice(0, limit);
}

export const recentMeetingsQueryOptions = (userId: string, limit: number = LIMITS.recentMeetings) =>
  queryOptions({
    queryKey: meetingKeys.recent(userId, limit),
    queryFn: () => getRecentMeetings(userId, limit),
    refetchInterval: pollWhileUnfinished,
  });

export function useRecentMeetings(userId: string) {
  return useQuery(recentMeetingsQueryOptions(userId));
}
