import { type AuthProviders, routes } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

export async function getAuthProviders(): Promise<AuthProviders> {
  const reply = await callRoute(routes.authProviders);
  return reply.data;
}

export const authProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders, staleTime: 5 * 60_000, retry: 1 });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
