import { routes, type User } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

export const meQueryKey = ['users', 'me'] as const;

export async function getMe(): Promise<User> {
  const reply = await callRoute(routes.me);
  return reply.data;
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 30_000 });

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}
