import { type Meeting, routes } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { meetingKeys } from '@/api/meetings/keys';
import { callRoute } from '@/lib/api-client';
import { pollWhileUnfinished } from './get-meeting';

export async function getProjectMeetings(projectId: string): Promise<Meeting[]> {
  const reply = await callRoute(routes.listMeetings, { params: { id: projectId } });
  return reply.data.meetings ?? [];
}

export const projectMeetingsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: meetingKeys.byProject(projectId),
    queryFn: () => getProjectMeetings(projectId),
    refetchInterval: pollWhileUnfinished,
  });

export function useProjectMeetings(projectId: string) {
  return useQuery(projectMeetingsQueryOptions(projectId));
}
