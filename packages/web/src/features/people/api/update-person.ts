import { type Person, routes, type UpdatePersonRequest } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peopleKeys } from '@/api/people/keys';
import { callRoute } from '@/lib/api-client';

export async function updatePerson(personId: string, body: UpdatePersonRequest): Promise<Person> {
  const reply = await callRoute(routes.updatePerson, { params: { id: personId }, body });
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
