export const transcriptKeys = {
  all: ['transcripts'] as const,
  list: (meetingId: string) => [...transcriptKeys.all, 'list', meetingId] as const,
  suggestions: (meetingId: string) => [...transcriptKeys.all, 'suggestions', meetingId] as const,
};
