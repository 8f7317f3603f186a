import { type LoginRequest, routes, type Session } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

export type { Session };

export async function login(body: LoginRequest): Promise<Session> {
  const reply = await callRoute(routes.login, { body });
  return reply.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
