import { LIMITS, type PersonTranscriptionsPage, routes } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { peopleKeys } from '@/api/people/keys';
import { callRoute } from '@/lib/api-client';

export async function getPersonTranscriptions(
  personId: string,
  page: number,
  search: string,
): Promise<PersonTranscriptionsPage> {
  const reply = await callRoute(routes.personTranscriptions, {
    params: { id: personId },
    query: { page, limit: LIMITS.personTranscriptionPageSize, sort: 'createdAt', search: search || undefined },
  });
  return {
    transcriptions: reply.data.transcriptions ?? [],
    pagination: reply.data.pagination ?? { page, pages: 0, total: 0, limit: LIMITS.personTranscriptionPageSize },
  };
}

export const personTranscriptionsQueryOptions = (personId: string, page: number, search: string) =>
  queryOptions({
    queryKey: peopleKeys.transcriptions(personId, page, search),
    queryFn: () => getPersonTranscriptions(personId, page, search),
    placeholderData: keepPreviousData,
  });

export function usePersonTranscriptions(personId: string, page: number, search: string) {
  return useQuery(personTranscriptionsQueryOptions(personId, page, search));
}
