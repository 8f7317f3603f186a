export const peopleKeys = {
  all: ['people'] as const,
  list: () => [...peopleKeys.all, 'list'] as const,
  /** A project's linkable people; under `all`, so whatever refreshes people refreshes it. */
  project: (projectId: string) => [...peopleKeys.all, 'project', projectId] as const,
  detail: (personId: string) => [...peopleKeys.all, 'detail', personId] as const,
  transcriptions: (personId: string, page: number, search: string) =>
    [...peopleKeys.all, 'transcriptions', personId, { page, search }] as const,
};
