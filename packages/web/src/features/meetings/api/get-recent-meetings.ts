import type { MeetingListResponse } from '@parley/contract';
import { LIMITS, type Meeting } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { pollWhileUnfinished } from './get-meeting';
import { meetingKeys } from './keys';

export async function getRecentMeetings(userId: string, limit: number = LIMITS.recentMeetings): Promise<Meeting[]> {
  const reply = await api.get<z.infer<typeof MeetingListResponse>>(
    `/api/users/${encodeURIComponent(userId)}/meetings`,
    {
      query: { limit },
    },
  );
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
