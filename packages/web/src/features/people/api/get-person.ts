import { type Person, routes } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { peopleKeys } from '@/api/people/keys';
import { callRoute } from '@/lib/api-client';

export async function getPerson(personId: string): Promise<Person> {
  const reply = await callRoute(routes.getPerson, { params: { id: personId } });
  return reply.data;
}

export const personQueryOptions = (personId: string) =>
  queryOptions({ queryKey: peopleKeys.detail(personId), queryFn: () => getPerson(personId) });

export function usePerson(personId: string) {
  return useQuery(personQueryOptions(personId));
}
