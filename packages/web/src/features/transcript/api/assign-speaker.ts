import { type Person, routes, type TranscriptionSegment } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPerson } from '@/api/people/create-person';
import { peopleKeys } from '@/api/people/keys';
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

/** One segment's person ('Only this segment'); null gives it back to its label. */
export async function assignSegment(meetingId: string, segmentId: string, personId: string | null) {
  const reply = await callRoute(routes.assignSegment, {
    params: { meetingId, transcriptionId: segmentId },
    body: { personId },
  });
  return reply.data;
}

/** After an assignment: the loaded segments change in place; suggestions and people (voices) are read again. */
function useAfterAssignment(meetingId: string) {
  const queryClient = useQueryClient();
  return (change: (segment: TranscriptionSegment) => TranscriptionSegment) => {
    queryClient.setQueryData<TranscriptData>(transcriptKeys.list(meetingId), (data) => mapLoadedSegments(data, change));
    void queryClient.invalidateQueries({ queryKey: transcriptKeys.suggestions(meetingId) });
    // The person's own transcription list now includes these segments, and their voice profile grew.
    void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
  };
}

function useApplyAssignment(meetingId: string) {
  const after = useAfterAssignment(meetingId);
  return (speaker: string, person: PersonRef) => {
    const ref = { _id: person._id, name: person.name, ...(person.company ? { company: person.company } : {}) };
    after((segment) => (segment.speaker === speaker ? { ...segment, personId: ref } : segment));
  };
}

export function useAssignSegment(meetingId: string) {
  const after = useAfterAssignment(meetingId);
  return useMutation({
    mutationFn: ({ segmentId, personId }: { segmentId: string; personId: string | null }) =>
      assignSegment(meetingId, segmentId, personId),
    onSuccess: (updated) => after((segment) => (segment._id === updated._id ? updated : segment)),
  });
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

/** 'Rename speaker': the label's segments in this meeting take the name, without a contact. */
export async function renameSpeaker({
  meetingId,
  speaker,
  name,
}: {
  meetingId: string;
  speaker: string;
  name: string;
}) {
  const reply = await callRoute(routes.renameSpeaker, { params: { meetingId, speaker }, body: { name } });
  return reply.data.modifiedCount;
}

export function useRenameSpeaker(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ speaker, name }: { speaker: string; name: string }) => renameSpeaker({ meetingId, speaker, name }),
    onSuccess: (_, { speaker, name }) => {
      const renamed = name.trim();
      queryClient.setQueryData<TranscriptData>(transcriptKeys.list(meetingId), (data) =>
        mapLoadedSegments(data, (segment) =>
          segment.speaker === speaker ? { ...segment, speaker: renamed } : segment,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: transcriptKeys.suggestions(meetingId) });
    },
  });
}
