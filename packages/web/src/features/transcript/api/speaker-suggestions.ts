import { type DismissSuggestionRequest, routes, type SpeakerSuggestion } from '@parley/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { transcriptKeys } from './keys';

/** Names suggested for the meeting's speaker labels: at most one per label (docs/decisions/131). */
export async function getSpeakerSuggestions(meetingId: string): Promise<SpeakerSuggestion[]> {
  const reply = await callRoute(routes.speakerSuggestions, { params: { meetingId } });
  return reply.data.suggestions;
}

export const speakerSuggestionsQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: transcriptKeys.suggestions(meetingId),
    queryFn: () => getSpeakerSuggestions(meetingId),
  });

export function useSpeakerSuggestions(meetingId: string, enabled: boolean) {
  return useQuery({ ...speakerSuggestionsQueryOptions(meetingId), enabled });
}

/** 'Not them': this label is never suggested as this person (or name) again. */
export async function dismissSuggestion(meetingId: string, input: DismissSuggestionRequest): Promise<void> {
  await callRoute(routes.dismissSuggestion, { params: { meetingId }, body: input });
}

export function useDismissSuggestion(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DismissSuggestionRequest) => dismissSuggestion(meetingId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: transcriptKeys.suggestions(meetingId) }),
  });
}
