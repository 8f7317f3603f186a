import { type RegisterRequest, routes } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import type { Session } from './login';

export async function register(body: RegisterRequest): Promise<Session> {
  const reply = await callRoute(routes.register, { body });
  return reply.data;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
