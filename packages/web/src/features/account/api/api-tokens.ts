import { type ApiToken, type CreateApiTokenRequest, type CreatedApiToken, routes } from '@parley/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

export const apiTokensQueryKey = ['api-tokens'] as const;

export async function getApiTokens(): Promise<ApiToken[]> {
  return (await callRoute(routes.listApiTokens)).data.tokens;
}

export const apiTokensQueryOptions = () => queryOptions({ queryKey: apiTokensQueryKey, queryFn: getApiTokens });
export const useApiTokens = () => useQuery(apiTokensQueryOptions());

export async function createApiToken(body: CreateApiTokenRequest): Promise<CreatedApiToken> {
  return (await callRoute(routes.createApiToken, { body })).data;
}

export async function revokeApiToken(id: string): Promise<void> {
  await callRoute(routes.revokeApiToken, { params: { id } });
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
