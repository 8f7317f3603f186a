import type { AuthProviders } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export async function getAuthProviders(): Promise<AuthProviders> {
  const reply = await api.get<Envelope<AuthProviders>>('/api/auth/providers');
  return reply.data;
}

export const authProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders, staleTime: 5 * 60_000, retry: 1 });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
