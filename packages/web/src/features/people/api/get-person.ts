import type { Person } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { peopleKeys } from './keys';

export async function getPerson(personId: string): Promise<Person> {
  const reply = await api.get<Envelope<Person>>(`/api/people/${encodeURIComponent(personId)}`);
  return reply.data;
}

export const personQueryOptions = (personId: string) =>
  queryOptions({ queryKey: peopleKeys.detail(personId), queryFn: () => getPerson(personId) });

export function usePerson(personId: string) {
  return useQuery(personQueryOptions(personId));
}
