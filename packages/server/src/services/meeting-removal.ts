import type { actionItemsRepository } from '../repositories/action-items.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { recordingsRepository } from '../repositories/recordings.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import { removeFile } from '../storage/remove-file.ts';
import type { AudioStorage } from '../storage/storage.ts';

interface Deps {
  meetings: Pick<ReturnType<typeof meetingsRepository>, 'deleteHidden'>;
  transcriptions: Pick<ReturnType<typeof transcriptionsRepository>, 'deleteForMeeting'>;
  actionItems: Pick<ReturnType<typeof actionItemsRepository>, 'deleteForMeeting'>;
  recordings: Pick<ReturnType<typeof recordingsRepository>, 'chunks'>;
  storage: AudioStorage;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * Removes a hidden meeting (docs/decisions/191): its rows 100 a statement, a turn between (20,000
 * segments removed by one cascade held the event loop 0.8 s), then the row, then its recording and the
 * chunks of a recording sent in parts (still recording, or finished by the server while its browser was
 * away: their rows go with the meeting's, their files are named by them). The one way a meeting's rows
 * go, whether the meeting, its project or an abandoned import is deleted.
 */
export function meetingRemoval({ meetings, transcriptions, actionItems, recordings, storage, log }: Deps) {
  return async function removeHidden(userId: string, meetingId: string, audioKey: string | null): Promise<void> {
    await transcriptions.deleteForMeeting(userId, meetingId);
    await actionItems.deleteForMeeting(userId, meetingId);
    const chunks = await recordings.chunks(meetingId);
    await meetings.deleteHidden(userId, meetingId);
    const files = [audioKey, ...chunks.map((c) => c.storage_key)].filter((key) => key !== null);
    for (const key of files) await removeFile(storage, key, log, 'audio file', { meetingId });
  };
}

export type RemoveHiddenMeeting = ReturnType<typeof meetingRemoval>;
