import {
  isAcceptedAudioFile,
  LIMITS,
  MESSAGES,
  TRANSCRIPT_LIMITS,
  TRANSCRIPT_MESSAGES,
  transcriptKindOf,
  type User,
} from '@parley/contract';

export const MESSAGES_NEW_MEETING = {
  noRecording: 'Please record audio before creating the meeting',
  noFile: 'Please select an audio file',
  noTitle: 'Please enter a meeting title',
  createFailed: 'Failed to create meeting',
  noConnection: 'Unable to connect to the server. Please try again.',
} as const;

/** The user's tier limit on one upload (spec section 3), 100 MB when the tier does not say. */
export function maxFileSizeOf(user: Pick<User, 'tier'>): number {
  return user.tier?.limits?.maxFileSize ?? LIMITS.defaultMaxFileSizeBytes;
}

/** Spec section 5 (Upload file): type first, then size. Null when the file may be sent. */
export function validateAudioFile(file: Pick<File, 'name' | 'type' | 'size'>, maxFileSize: number): string | null {
  if (!isAcceptedAudioFile(file.name, file.type)) return MESSAGES.invalidFileType;
  if (file.size > maxFileSize) return MESSAGES.fileTooLarge(maxFileSize);
  return null;
}

/** A transcript to import: WebVTT, SubRip or Parley JSON, up to 10 MB. Null when it may be sent. */
export function validateTranscriptFile(file: Pick<File, 'name' | 'size'>): string | null {
  if (!transcriptKindOf(file.name)) return TRANSCRIPT_MESSAGES.invalidType;
  if (file.size > TRANSCRIPT_LIMITS.maxBytes) return TRANSCRIPT_MESSAGES.tooLarge;
  return null;
}

/**
 * Spec section 5 (Meeting submit), upload mode: the file, then the title. A transcript may stand in
 * for the audio (an import); the audio rules are unchanged when audio is chosen.
 */
export function validateUpload(
  { file, transcript = null, title }: { file: File | null; transcript?: File | null; title: string },
  maxFileSize: number,
): { file?: string; transcript?: string; title?: string } {
  const errors: { file?: string; transcript?: string; title?: string } = {};
  if (!file && !transcript) errors.file = MESSAGES_NEW_MEETING.noFile;
  else if (file) {
    const fileError = validateAudioFile(file, maxFileSize);
    if (fileError) errors.file = fileError;
  }
  if (transcript) {
    const transcriptError = validateTranscriptFile(transcript);
    if (transcriptError) errors.transcript = transcriptError;
  }
  if (!title.trim()) errors.title = MESSAGES_NEW_MEETING.noTitle;
  return errors;
}

/** A duration hint for the server: whole seconds, or nothing when unknown (webm may say Infinity). */
export function durationHint(seconds: number | null | undefined): number | undefined {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  return Math.round(seconds);
}
