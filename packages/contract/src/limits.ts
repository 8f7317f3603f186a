// Business constants of spec section 9. Server and web read them from here.
export const LIMITS = {
  defaultMonthlyDurationSeconds: 300 * 60,
  defaultMaxFileSizeBytes: 100 * 1024 * 1024,
  usageWarningRatio: 0.8,
  usageLimitRatio: 1,
  /** A recording is started only while the month can still keep this much of it. */
  minRecordingSeconds: 1,
  pollIntervalMs: 3000,
  recentMeetings: 5,
  searchPageSize: 20,
  actionItemPageSize: 50,
  peoplePageSize: 100,
  personTranscriptionPageSize: 20,
  transcriptPageSize: 50,
  projectName: { min: 2, max: 100 },
  projectDescriptionMax: 500,
  personName: { min: 2, max: 100 },
  personCompanyMax: 100,
  personPhoneMax: 20,
  personNotesMax: 1000,
  personEmailMax: 254,
  socialUrlMax: 500,
  meetingTitleMax: 200,
  transcriptTextMax: 10000,
  passwordMin: 8,
  passwordMax: 256,
  userNameMax: 100,
} as const;

export const AUDIO_MIME_SUBTYPES = ['mpeg', 'mp3', 'wav', 'webm', 'ogg', 'mp4', 'm4a'] as const;
export const AUDIO_EXTENSIONS = ['mp3', 'wav', 'webm', 'ogg', 'm4a', 'mp4'] as const;

export const MESSAGES = {
  invalidFileType: 'Invalid file type. Please select an audio file (MP3, WAV, WebM, OGG, M4A).',
  fileTooLarge: (maxBytes: number) =>
    `File size exceeds ${Math.round(maxBytes / (1024 * 1024))}MB. Please select a smaller file.`,
  monthlyLimitReached: (monthlySeconds: number) =>
    `Monthly limit reached (${Math.round(monthlySeconds / 60)} minutes). Please upgrade to continue.`,
  invalidCredentials: 'Invalid email or password',
} as const;

/** The spec's upload rule: an audio MIME type from the list, or one of the extensions. */
export function isAcceptedAudioFile(fileName: string, mimeType: string | undefined): boolean {
  const mime = (mimeType ?? '').toLowerCase().split(';')[0]!.trim();
  const [type, subtype] = mime.split('/');
  if (type === 'audio' && subtype && (AUDIO_MIME_SUBTYPES as readonly string[]).includes(subtype.replace(/^x-/, ''))) {
    return true;
  }
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return fileName.includes('.') && (AUDIO_EXTENSIONS as readonly string[]).includes(extension);
}
