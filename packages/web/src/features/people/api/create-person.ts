import type { CreatePersonRequest, Person } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { peopleKeys } from './keys';

export async function createPerson(body: CreatePersonRequest): Promise<Person> {
  const reply = await api.post<Envelope<Person>>('/api/people', body);
  return reply.data;
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.list() }),
  });
}
