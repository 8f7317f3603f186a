export const meetingKeys = {
  all: ['meetings'] as const,
  recent: (userId: string, limit: number) => [...meetingKeys.all, 'recent', userId, limit] as const,
  byProject: (projectId: string) => [...meetingKeys.all, 'project', projectId] as const,
  detail: (projectId: string, meetingId: string) => [...meetingKeys.all, 'detail', projectId, meetingId] as const,
};
