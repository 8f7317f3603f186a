import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { projectKeys } from '@/api/projects/keys';
import { ensureDefaultProject } from '../api/ensure-default-project';

/** Runs the default-project check once per signed-in session (mounted by the app shell). */
export function useEnsureDefaultProject(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    ensureDefaultProject().then(
      (created) => {
        if (created) void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      },
      () => {
        // Not fatal: the flag stays unset, so the next load tries again.
      },
    );
  }, [queryClient]);
}
