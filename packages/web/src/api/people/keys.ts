export const peopleKeys = {
  all: ['people'] as const,
  list: () => [...peopleKeys.all, 'list'] as const,
  detail: (personId: string) => [...peopleKeys.all, 'detail', personId] as const,
  transcriptions: (personId: string, page: number, search: string) =>
    [...peopleKeys.all, 'transcriptions', personId, { page, search }] as const,
};
