import type { Person, UpdatePersonRequest } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { peopleKeys } from './keys';

export async function updatePerson(personId: string, body: UpdatePersonRequest): Promise<Person> {
  const reply = await api.put<Envelope<Person>>(`/api/people/${encodeURIComponent(personId)}`, body);
  return reply.data;
}

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, body }: { personId: string; body: UpdatePersonRequest }) => updatePerson(personId, body),
    onSuccess: (person) => {
      if (person?._id) queryClient.setQueryData(peopleKeys.detail(person._id), person);
      return queryClient.invalidateQueries({ queryKey: peopleKeys.list() });
    },
  });
}
