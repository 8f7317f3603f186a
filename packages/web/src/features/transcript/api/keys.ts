export const transcriptKeys = {
  all: ['transcripts'] as const,
  list: (meetingId: string) => [...transcriptKeys.all, 'list', meetingId] as const,
};
