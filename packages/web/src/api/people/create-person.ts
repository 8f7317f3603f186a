import { type CreatePersonRequest, type Person, routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { peopleKeys } from './keys';

export async function createPerson(body: CreatePersonRequest): Promise<Person> {
  const reply = await callRoute(routes.createPerson, { body });
  return reply.data;
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.list() }),
  });
}
