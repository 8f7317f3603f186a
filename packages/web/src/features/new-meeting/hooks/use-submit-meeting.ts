import type { Meeting, RecordingType } from '@parley/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
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

  return {
    submit,
    isPending: createMeeting.isPending,
    progress,
    error,
    clearError: useCallback(() => setError(null), []),
  };
}
