import { type CreateShareRequest, routes, type Share, type SharedMeeting } from '@parley/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

export const shareKeys = {
  all: ['shares'] as const,
  ofMeeting: (meetingId: string) => [...shareKeys.all, 'meeting', meetingId] as const,
  shared: (token: string) => [...shareKeys.all, 'shared', token] as const,
};

export async function getShares(meetingId: string): Promise<Share[]> {
  return (await callRoute(routes.listShares, { params: { meetingId } })).data.shares;
}
export const useShares = (meetingId: string, enabled = true) =>
  useQuery(queryOptions({ queryKey: shareKeys.ofMeeting(meetingId), queryFn: () => getShares(meetingId), enabled }));

export async function createShare({ meetingId, ...body }: CreateShareRequest & { meetingId: string }): Promise<Share> {
  return (await callRoute(routes.createShare, { params: { meetingId }, body })).data;
}
export async function revokeShare({ meetingId, id }: { meetingId: string; id: string }): Promise<void> {
  await callRoute(routes.revokeShare, { params: { meetingId, id } });
}

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShare,
    onSuccess: (_share, { meetingId }) => queryClient.invalidateQueries({ queryKey: shareKeys.ofMeeting(meetingId) }),
  });
}
export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSuccess: (_none, { meetingId }) => queryClient.invalidateQueries({ queryKey: shareKeys.ofMeeting(meetingId) }),
  });
}

/** The public read of a link: no sign-in (the api client sends no token when there is none stored). */
export async function getSharedMeeting(token: string): Promise<SharedMeeting> {
  return (await callRoute(routes.sharedMeeting, { params: { token } })).data;
}
export const useSharedMeeting = (token: string) =>
  useQuery(queryOptions({ queryKey: shareKeys.shared(token), queryFn: () => getSharedMeeting(token), retry: false }));
