import { type PasswordUpdateRequest, routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/api/session/get-me';
import { callRoute } from '@/lib/api-client';
import { apiTokensQueryKey } from './api-tokens';

export async function changePassword(body: PasswordUpdateRequest): Promise<void> {
  await callRoute(routes.changePassword, { body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  // The user's hasPassword changes when an account without a password sets its first one; the tokens
  // are gone unless kept.
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
      ]),
  });
}
