import { meetingJobKey } from '../jobs/queue.ts';

/** Idempotency keys of jobs, one per meeting: enqueuing twice is a no-op and deleting finds them. */
export const transcribeJobKey = (meetingId: string) => meetingJobKey('transcribe-meeting', meetingId);
export const actionItemsJobKey = (meetingId: string) => meetingJobKey('generate-action-items', meetingId);
export const finishRecordingJobKey = (meetingId: string) => meetingJobKey('finish-recording', meetingId);
export const liveJobKey = (meetingId: string) => meetingJobKey('live-transcribe', meetingId);
