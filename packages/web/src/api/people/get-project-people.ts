import { type ProjectPerson, routes } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { peopleKeys } from './keys';

/**
 * Who a speaker or an action item of the project may be linked to (docs/decisions/266): the user's own
 * contacts and the ones the project already names, whoever's they are.
 */
export async function getProjectPeople(projectId: string): Promise<ProjectPerson[]> {
  const reply = await callRoute(routes.projectPeople, { params: { id: projectId } });
  return reply.data.people;
}

export const projectPeopleQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: peopleKeys.project(projectId), queryFn: () => getProjectPeople(projectId) });

/** Off (`enabled: false`) for a viewer: they link nobody, and the route is an editor's. */
export function useProjectPeople(projectId: string, enabled = true) {
  return useQuery({ ...projectPeopleQueryOptions(projectId), enabled });
}
