import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { peopleKeys } from './keys';

export async function deletePerson(personId: string): Promise<void> {
  await api.delete(`/api/people/${encodeURIComponent(personId)}`);
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
