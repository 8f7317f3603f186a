import { LIMITS, type PeoplePage, type Person } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { peopleKeys } from './keys';

export async function getPeople(): Promise<Person[]> {
  const reply = await api.get<Envelope<PeoplePage>>('/api/people', {
    query: { limit: LIMITS.peoplePageSize },
  });
  return reply.data.people ?? [];
}

export const peopleQueryOptions = () => queryOptions({ queryKey: peopleKeys.list(), queryFn: getPeople });

export function usePeople() {
  return useQuery(peopleQueryOptions());
}
