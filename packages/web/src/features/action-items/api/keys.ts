export const actionItemKeys = {
  all: ['action-items'] as const,
  list: (projectId: string, meetingId: string) => [...actionItemKeys.all, projectId, meetingId] as const,
};
