import type { Meeting, RecordingType } from '@parley/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { meetingKeys } from '@/api/meetings/keys';
import { useBumpUsage } from '@/api/session/use-bump-usage';
import { errorMessage } from '@/lib/api-client';
import { useCreateMeeting } from '../api/create-meeting';
import { MESSAGES_NEW_MEETING } from '../lib/meeting-form';

export interface SubmitMeetingInput {
  /** The recording; optional when a transcript is imported. */
  audio?: Blob;
  fileName?: string;
  transcript?: File;
  title: string;
  recordingType: RecordingType;
  duration?: number;
}

export interface SubmitMeeting {
  submit: (input: SubmitMeetingInput) => Promise<void>;
  /**
   * A recording already sent while it was made (docs/decisions/150): `finish` resolves with its meeting
   * once the server has all of it; `durationSeconds` bumps the local usage at once.
   */
  submitRecorded: (finish: () => Promise<Meeting>, durationSeconds: number) => Promise<void>;
  isPending: boolean;
  /** Bytes sent so far, 0-100; null before an upload starts. */
  progress: number | null;
  error: string | null;
  clearError: () => void;
}

/** What the New Meeting dialog hands each of its tabs (Record and Upload). */
export interface NewMeetingTabProps {
  /** The shown tab: the upload's progress and error belong to the tab that sent it. */
  active: boolean;
  disabled: boolean;
  submit: SubmitMeeting;
  onCancel: () => void;
}

/** Sends a new meeting with upload progress; the message of spec section 8 on failure. */
export function useSubmitMeeting(projectId: string, onCreated: (meeting: Meeting) => void): SubmitMeeting {
  const createMeeting = useCreateMeeting();
  const queryClient = useQueryClient();
  const bumpUsage = useBumpUsage();
  const [finishing, setFinishing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  // Leaving the dialog mid-upload cancels the upload.
  useEffect(() => () => abortRef.current?.abort(), []);

  const submit = useCallback(
    async (input: SubmitMeetingInput) => {
      setError(null);
      setProgress(0);
      const controller = new AbortController();
      abortRef.current = controller;
      try {
        const meeting = await createMeeting.mutateAsync({
          ...input,
          projectId,
          onProgress: setProgress,
          signal: controller.signal,
        });
        setProgress(100);
        onCreated(meeting);
      } catch (failure) {
        if (controller.signal.aborted) return;
        setProgress(null);
        setError(errorMessage(failure, MESSAGES_NEW_MEETING.createFailed, MESSAGES_NEW_MEETING.noConnection));
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
      }
    },
    [createMeeting, onCreated, projectId],
  );

  const submitRecorded = useCallback(
    async (finish: () => Promise<Meeting>, durationSeconds: number) => {
      setError(null);
      setFinishing(true);
      try {
        const meeting = await finish();
        bumpUsage(durationSeconds);
        void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
        onCreated(meeting);
      } catch (failure) {
        setError(errorMessage(failure, MESSAGES_NEW_MEETING.createFailed, MESSAGES_NEW_MEETING.noConnection));
      } finally {
        setFinishing(false);
      }
    },
    [bumpUsage, onCreated, queryClient],
  );

  return {
    submit,
    submitRecorded,
    isPending: createMeeting.isPending || finishing,
    progress,
    error,
    clearError: useCallback(() => setError(null), []),
  };
}
