import { LIMITS, type Person, routes } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { peopleKeys } from './keys';

export async function getPeople(): Promise<Person[]> {
  const reply = await callRoute(routes.listPeople, { query: { limit: LIMITS.peoplePageSize } });
  return reply.data.people ?? [];
}

export const peopleQueryOptions = () => queryOptions({ queryKey: peopleKeys.list(), queryFn: getPeople });

export function usePeople() {
  return useQuery(peopleQueryOptions());
}
