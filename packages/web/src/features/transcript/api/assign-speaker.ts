import { type Person, routes } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPerson, peopleKeys } from '@/features/people';
import { callRoute } from '@/lib/api-client';
import { mapLoadedSegments, type TranscriptData } from './get-transcriptions';
import { transcriptKeys } from './keys';

export interface AssignSpeakerInput {
  meetingId: string;
  speaker: string;
  personId: string;
}

/** Links every segment of one speaker label in the meeting to a person. */
export async function assignSpeaker({ meetingId, speaker, personId }: AssignSpeakerInput): Promise<number> {
  const reply = await callRoute(routes.assignSpeaker, { params: { meetingId, speaker }, body: { personId } });
  return reply.data.modifiedCount;
}

type PersonRef = Pick<Person, '_id' | 'name' | 'company'>;

function useApplyAssignment(meetingId: string) {
  const queryClient = useQueryClient();
  return (speaker: string, person: PersonRef) => {
    const ref = { _id: person._id, name: person.name, ...(person.company ? { company: person.company } : {}) };
    queryClient.setQueryData<TranscriptData>(transcriptKeys.list(meetingId), (data) =>
      mapLoadedSegments(data, (segment) => (segment.speaker === speaker ? { ...segment, personId: ref } : segment)),
    );
    // The person's own transcription list now includes these segments.
    void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
  };
}

export function useAssignSpeaker(meetingId: string) {
  const apply = useApplyAssignment(meetingId);
  return useMutation({
    mutationFn: ({ speaker, person }: { speaker: string; person: PersonRef }) =>
      assignSpeaker({ meetingId, speaker, personId: person._id }),
    onSuccess: (_, { speaker, person }) => apply(speaker, person),
  });
}

/** 'Add New Person': creates the person (company omitted when empty), then assigns the speaker. */
export function useCreatePersonAndAssign(meetingId: string) {
  const apply = useApplyAssignment(meetingId);
  return useMutation({
    mutationFn: async ({ speaker, name, company }: { speaker: string; name: string; company: string }) => {
      const person = await createPerson({
        name: name.trim(),
        ...(company.trim() ? { company: company.trim() } : {}),
      });
      await assignSpeaker({ meetingId, speaker, personId: person._id });
      return person;
    },
    onSuccess: (person, { speaker }) => apply(speaker, person),
  });
}
