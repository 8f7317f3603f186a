import { routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { mapLoadedSegments, reloadFromFirstPage, type TranscriptData } from './get-transcriptions';
import { transcriptKeys } from './keys';

export async function deleteTranscription({
  meetingId,
  transcriptionId,
}: {
  meetingId: string;
  transcriptionId: string;
}) {
  await callRoute(routes.deleteSegment, { params: { meetingId, transcriptionId } });
}

/** Deletes a segment. A failure reloads the list from page 1 (spec section 4). */
export function useDeleteTranscription(meetingId: string) {
  const queryClient = useQueryClient();
  const queryKey = transcriptKeys.list(meetingId);
  return useMutation({
    mutationFn: (transcriptionId: string) => deleteTranscription({ meetingId, transcriptionId }),
    onSuccess: (_, transcriptionId) => {
      const before = queryClient.getQueryData<TranscriptData>(queryKey);
      queryClient.setQueryData<TranscriptData>(queryKey, (data) =>
        mapLoadedSegments(data, (segment) => (segment._id === transcriptionId ? null : segment)),
      );
      // Pages are offsets: with pages still to load, one segment would slide into the loaded range
      // unseen, so the loaded pages are fetched again.
      const last = before?.pages.at(-1)?.pagination;
      if (last && last.page < last.pages) return queryClient.invalidateQueries({ queryKey });
    },
    onError: () => reloadFromFirstPage(queryClient, meetingId),
  });
}
