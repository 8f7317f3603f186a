export const searchKeys = {
  all: ['search'] as const,
  meeting: (meetingId: string, q: string, page: number) =>
    [...searchKeys.all, 'meeting', meetingId, { q, page }] as const,
  project: (projectId: string, q: string, page: number) =>
    [...searchKeys.all, 'project', projectId, { q, page }] as const,
  everywhere: (q: string, page: number) => [...searchKeys.all, 'everywhere', { q, page }] as const,
};
