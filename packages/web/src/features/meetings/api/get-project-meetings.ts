import type { Meeting } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { pollWhileUnfinished } from './get-meeting';
import { meetingKeys } from './keys';

export async function getProjectMeetings(projectId: string): Promise<Meeting[]> {
  const reply = await api.get<Envelope<{ meetings: Meeting[] }>>(
    `/api/projects/${encodeURIComponent(projectId)}/meetings`,
  );
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
