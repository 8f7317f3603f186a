import type { actionItemsRepository } from '../repositories/action-items.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import type { AudioStorage } from '../storage/storage.ts';

interface Deps {
  meetings: Pick<ReturnType<typeof meetingsRepository>, 'deleteHidden'>;
  transcriptions: Pick<ReturnType<typeof transcriptionsRepository>, 'deleteForMeeting'>;
  actionItems: Pick<ReturnType<typeof actionItemsRepository>, 'deleteForMeeting'>;
  storage: AudioStorage;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * Removes a hidden meeting (docs/decisions/191): its rows 100 a statement, a turn between (20,000
 * segments removed by one cascade held the event loop 0.8 s), then the row, then its recording. The
 * one way a meeting's rows go, whether the meeting, its project or an abandoned import is deleted.
 */
export function meetingRemoval({ meetings, transcriptions, actionItems, storage, log }: Deps) {
  return async function removeHidden(userId: string, meetingId: string, audioKey: string | null): Promise<void> {
    await transcriptions.deleteForMeeting(userId, meetingId);
    await actionItems.deleteForMeeting(userId, meetingId);
    await meetings.deleteHidden(userId, meetingId);
    if (audioKey) await storage.delete(audioKey).catch((err) => log.warn({ err, meetingId }, 'audio file not removed'));
  };
}

export type RemoveHiddenMeeting = ReturnType<typeof meetingRemoval>;
