import type { User } from '@parley/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { meQueryKey } from './get-me';

/**
 * Spec section 4: after creating a meeting the local usage grows at once by its duration. This edits
 * the cached `me` user, so every usage display updates before the next refetch confirms it.
 */
export function bumpUsageInCache(queryClient: QueryClient, seconds: number): void {
  const added = Math.max(0, Math.round(seconds || 0));
  if (!added) return;
  queryClient.setQueryData<User>(meQueryKey, (user) =>
    user
      ? { ...user, currentMonthUsage: { ...user.currentMonthUsage, duration: user.currentMonthUsage.duration + added } }
      : user,
  );
}

export function useBumpUsage(): (seconds: number) => void {
  const queryClient = useQueryClient();
  return useCallback((seconds: number) => bumpUsageInCache(queryClient, seconds), [queryClient]);
}
