import { routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peopleKeys } from '@/api/people/keys';
import { callRoute } from '@/lib/api-client';

/** 'Forget voice': the person's voice profile goes; the person and their segments stay. */
export async function forgetVoice(personId: string): Promise<void> {
  await callRoute(routes.forgetVoice, { params: { id: personId } });
}

export function useForgetVoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forgetVoice,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
