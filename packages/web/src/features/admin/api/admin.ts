import { type AdminUser, type InstanceOverview, routes, type UpdateAdminUserRequest } from '@parley/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

// The instance admin's API (issue 37, docs/decisions/221); the server answers 403 to anyone else.

const adminKeys = {
  all: ['admin'] as const,
  users: (page: number, search: string) => [...adminKeys.all, 'users', page, search] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
};

export const ADMIN_PAGE_SIZE = 25;

export async function getAdminUsers(page: number, search: string) {
  const reply = await callRoute(routes.adminUsers, {
    query: { page, limit: ADMIN_PAGE_SIZE, ...(search ? { search } : {}) },
  });
  return reply.data;
}

export function useAdminUsers(page: number, search: string) {
  return useQuery({
    queryKey: adminKeys.users(page, search),
    queryFn: () => getAdminUsers(page, search),
    placeholderData: keepPreviousData,
  });
}

export async function getOverview(): Promise<InstanceOverview> {
  return (await callRoute(routes.adminOverview)).data;
}

export function useOverview() {
  return useQuery({ queryKey: adminKeys.overview(), queryFn: getOverview });
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateAdminUserRequest }): Promise<AdminUser> =>
      (await callRoute(routes.updateAdminUser, { params: { id }, body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
