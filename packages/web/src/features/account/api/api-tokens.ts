import type { ApiToken, CreateApiTokenRequest, CreatedApiToken, Envelope } from '@parley/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const PATH = '/api/users/me/tokens';
export const apiTokensQueryKey = ['api-tokens'] as const;

export async function getApiTokens(): Promise<ApiToken[]> {
  return (await api.get<Envelope<{ tokens: ApiToken[] }>>(PATH)).data.tokens;
}

export const apiTokensQueryOptions = () => queryOptions({ queryKey: apiTokensQueryKey, queryFn: getApiTokens });
export const useApiTokens = () => useQuery(apiTokensQueryOptions());

export async function createApiToken(body: CreateApiTokenRequest): Promise<CreatedApiToken> {
  return (await api.post<Envelope<CreatedApiToken>>(PATH, body)).data;
}

export async function revokeApiToken(id: string): Promise<void> {
  await api.delete(`${PATH}/${encodeURIComponent(id)}`);
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
