import { LIMITS, type Meeting, routes } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { meetingKeys } from '@/api/meetings/keys';
import { callRoute } from '@/lib/api-client';

export async function getMeeting(projectId: string, meetingId: string): Promise<Meeting> {
  const reply = await callRoute(routes.getMeeting, { params: { id: projectId, meetingId } });
  return reply.data;
}

/** True while the server still works on the meeting (spec section 4): it is polled until then. */
export function isMeetingUnfinished(
  meeting: Pick<Meeting, 'transcriptionStatus' | 'actionItemsStatus' | 'recordingState'>,
): boolean {
  return (
    meeting.recordingState !== undefined ||
    meeting.transcriptionStatus === 'pending' ||
    meeting.transcriptionStatus === 'processing' ||
    meeting.actionItemsStatus === 'processing'
  );
}

/** A list is refetched every 3000 ms while any of its meetings is unfinished, so its badges move on. */
export function pollWhileUnfinished(query: { state: { data?: Meeting[] } }): number | false {
  return query.state.data?.some(isMeetingUnfinished) ? LIMITS.pollIntervalMs : false;
}

export const meetingQueryOptions = (projectId: string, meetingId: string) =>
  queryOptions({
    queryKey: meetingKeys.detail(projectId, meetingId),
    queryFn: () => getMeeting(projectId, meetingId),
    refetchInterval: (query) =>
      query.state.data && isMeetingUnfinished(query.state.data) ? LIMITS.pollIntervalMs : false,
  });

export function useMeeting(projectId: string, meetingId: string) {
  return useQuery(meetingQueryOptions(projectId, meetingId));
}
