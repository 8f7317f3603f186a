import { type Meeting, type RecordingType, routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meetingKeys } from '@/api/meetings/keys';
import { useBumpUsage } from '@/api/session/use-bump-usage';
import { uploadRoute } from '@/lib/api-client';

export interface CreateMeetingInput {
  projectId: string;
  /** The recording; optional when a transcript is imported. */
  audio?: Blob;
  fileName?: string;
  /** A WebVTT, SubRip or Parley JSON transcript: the meeting is ready at once, without transcription. */
  transcript?: File;
  title: string;
  recordingType: RecordingType;
  /** Whole seconds; a hint, the server measures the audio itself. */
  duration?: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export async function createMeeting(input: CreateMeetingInput): Promise<Meeting> {
  const form = new FormData();
  // Text fields first, so the server has them before it streams the file.
  form.append('title', input.title);
  form.append('recordingType', input.recordingType);
  if (input.duration !== undefined) form.append('duration', String(input.duration));
  if (input.audio) form.append('audioFile', input.audio, input.fileName ?? 'recording');
  if (input.transcript) form.append('transcriptFile', input.transcript, input.transcript.name);
  const reply = await uploadRoute(routes.createMeeting, {
    params: { id: input.projectId },
    body: form,
    onProgress: input.onProgress,
    signal: input.signal,
  });
  return reply.data;
}

/**
 * Creates the meeting, raises the local usage by its duration at once (only recorded audio counts:
 * a transcript imported alone does not), and refreshes meeting lists.
 */
export function useCreateMeeting() {
  const queryClient = useQueryClient();
  const bumpUsage = useBumpUsage();
  return useMutation({
    mutationFn: createMeeting,
    onSuccess: (meeting, input) => {
      if (input.audio) bumpUsage(meeting.duration);
      void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
    },
  });
}
