import type { LoginRequest, User } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface Session {
  token: string;
  user: User;
}

export async function login(body: LoginRequest): Promise<Session> {
  const reply = await api.post<Envelope<Session>>('/auth/login', body);
  return reply.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
