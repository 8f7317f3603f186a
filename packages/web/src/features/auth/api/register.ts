import type { RegisterRequest } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Session } from './login';

export async function register(body: RegisterRequest): Promise<Session> {
  const reply = await api.post<Envelope<Session>>('/auth/register', body);
  return reply.data;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
