import { routes, type TranscriptionSegment } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { mapLoadedSegments, reloadFromFirstPage, type TranscriptData } from './get-transcriptions';
import { transcriptKeys } from './keys';

export interface UpdateTranscriptionInput {
  meetingId: string;
  transcriptionId: string;
  text: string;
}

export async function updateTranscription({
  meetingId,
  transcriptionId,
  text,
}: UpdateTranscriptionInput): Promise<TranscriptionSegment> {
  const reply = await callRoute(routes.updateSegment, { params: { meetingId, transcriptionId }, body: { text } });
  return reply.data;
}

/** Saves a segment's text. A failure reloads the list from page 1 (spec section 4). */
export function useUpdateTranscription(meetingId: string) {
  const queryClient = useQueryClient();
  const queryKey = transcriptKeys.list(meetingId);
  return useMutation({
    mutationFn: (input: Omit<UpdateTranscriptionInput, 'meetingId'>) => updateTranscription({ ...input, meetingId }),
    onSuccess: (updated) => {
      queryClient.setQueryData<TranscriptData>(queryKey, (data) =>
        mapLoadedSegments(data, (segment) =>
          segment._id === updated._id
            ? { ...segment, ...updated, personId: updated.personId ?? segment.personId }
            : segment,
        ),
      );
    },
    onError: () => reloadFromFirstPage(queryClient, meetingId),
  });
}
