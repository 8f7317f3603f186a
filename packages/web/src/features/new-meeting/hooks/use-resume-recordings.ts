import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meetingKeys } from '@/api/meetings/keys';
import { recordingsApi } from '../api/recordings';
import { ABANDONED_MS, ChunkedUpload } from '../lib/chunked-upload';
import { recordingStore } from '../lib/recording-store';

/**
 * Recordings this browser made and did not finish sending (a closed tab, a crash, a lost network):
 * their waiting chunks are sent, and they are finished, when Parley is opened again (decision 150).
 * A recording another tab is still making (renewed within ABANDONED_MS) is left to that tab.
 */
export function useResumeRecordings(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const store = recordingStore();
    const uploads: ChunkedUpload[] = [];
    let cancelled = false;
    (async () => {
      for (const record of await store.recordings(userId)) {
        if (cancelled || Date.now() - record.touchedAt < ABANDONED_MS) continue;
        if (record.chunks === 0) {
          await store.deleteRecording(record.id);
          continue;
        }
        const upload = await ChunkedUpload.resume(record, {
          store,
          api: recordingsApi,
          onChange: (status) => {
            // Refused for good (the meeting was deleted meanwhile): nothing left to send it to.
            if (status.error) void store.deleteRecording(record.id);
          },
        });
        uploads.push(upload);
        upload
          .finish()
          .then(() => queryClient.invalidateQueries({ queryKey: meetingKeys.all }))
          .catch(() => undefined);
      }
    })().catch((error) => console.warn('recordings waiting in this browser were not sent', error));
    return () => {
      cancelled = true;
      for (const upload of uploads) upload.close();
    };
  }, [queryClient, userId]);
}
