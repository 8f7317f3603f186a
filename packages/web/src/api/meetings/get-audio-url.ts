import { type AudioUrl, routes } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { meetingKeys } from './keys';

/** A same-origin URL with a short-lived token, for `<audio src>` (which cannot send a bearer header). */
export async function getAudioUrl(projectId: string, meetingId: string): Promise<AudioUrl> {
  const reply = await callRoute(routes.audioUrl, { params: { id: projectId, meetingId } });
  return reply.data;
}

export const audioUrlQueryOptions = (projectId: string, meetingId: string) =>
  queryOptions({
    queryKey: [...meetingKeys.detail(projectId, meetingId), 'audio-url'] as const,
    queryFn: () => getAudioUrl(projectId, meetingId),
    // The URL stays valid for hours; refetching it would reload the player mid-playback.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useAudioUrl(projectId: string, meetingId: string) {
  return useQuery(audioUrlQueryOptions(projectId, meetingId));
}
