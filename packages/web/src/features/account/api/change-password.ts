import type { ChangePasswordRequest } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await api.put('/api/users/me/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
