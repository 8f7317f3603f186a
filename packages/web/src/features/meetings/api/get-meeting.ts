import type { Meeting } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { meetingKeys } from './keys';

export async function getMeeting(projectId: string, meetingId: string): Promise<Meeting> {
  const reply = await api.get<Envelope<Meeting>>(
    `/api/projects/${encodeURIComponent(projectId)}/meetings/${encodeURIComponent(meetingId)}`,
  );
  return reply.data;
}

export const meetingQueryOptions = (projectId: string, meetingId: string) =>
  queryOptions({ queryKey: meetingKeys.detail(projectId, meetingId), queryFn: () => getMeeting(projectId, meetingId) });

export function useMeeting(projectId: string, meetingId: string) {
  return useQuery(meetingQueryOptions(projectId, meetingId));
}
