import { routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peopleKeys } from '@/api/people/keys';
import { callRoute } from '@/lib/api-client';

export async function deletePerson(personId: string): Promise<void> {
  await callRoute(routes.deletePerson, { params: { id: personId } });
}

export function useDeletePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: (_, personId) => {
      queryClient.removeQueries({ queryKey: peopleKeys.detail(personId) });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.list() });
    },
  });
}
