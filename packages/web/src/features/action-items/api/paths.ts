export const actionItemsPath = (projectId: string, meetingId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/meetings/${encodeURIComponent(meetingId)}/action-items`;

export const actionItemPath = (projectId: string, meetingId: string, itemId: string) =>
  `${actionItemsPath(projectId, meetingId)}/${encodeURIComponent(itemId)}`;
