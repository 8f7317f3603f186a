/** Idempotency keys of jobs, one per meeting: enqueuing twice is a no-op and deleting finds them. */
export const transcribeJobKey = (meetingId: string) => `transcribe-meeting:${meetingId}`;
export const actionItemsJobKey = (meetingId: string) => `generate-action-items:${meetingId}`;
