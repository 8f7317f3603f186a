import { type AddMemberRequest, type Member, type ProjectRole, routes } from '@parley/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/keys';
import { callRoute } from '@/lib/api-client';

// A project's members (issue 37): any member reads the list; owners add, change and remove; anyone leaves.

const memberKeys = (projectId: string) => [...projectKeys.detail(projectId), 'members'] as const;

export async function getMembers(projectId: string): Promise<Member[]> {
  return (await callRoute(routes.listMembers, { params: { id: projectId } })).data.members;
}

export const membersQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: memberKeys(projectId), queryFn: () => getMembers(projectId) });

export function useMembers(projectId: string, enabled = true) {
  return useQuery({ ...membersQueryOptions(projectId), enabled });
}

function useMembersChange<T>(projectId: string, change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys(projectId) }),
  });
}

export const useAddMember = (projectId: string) =>
  useMembersChange(projectId, (body: AddMemberRequest) =>
    callRoute(routes.addMember, { params: { id: projectId }, body }),
  );

export const useChangeRole = (projectId: string) =>
  useMembersChange(projectId, ({ userId, role }: { userId: string; role: ProjectRole }) =>
    callRoute(routes.updateMember, { params: { id: projectId, userId }, body: { role } }),
  );

export const useRemoveMember = (projectId: string) =>
  useMembersChange(projectId, (userId: string) =>
    callRoute(routes.removeMember, { params: { id: projectId, userId } }),
  );
