import type { LoginRequest, Session } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export type { Session };

export async function login(body: LoginRequest): Promise<Session> {
  const reply = await api.post<Envelope<Session>>('/auth/login', body);
  return reply.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
