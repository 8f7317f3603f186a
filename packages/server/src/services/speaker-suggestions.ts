import type { DismissSuggestionRequest, SpeakerSuggestion } from '@parley/contract';
import type { CpuPool } from '../cpu/index.ts';
import { notFound } from '../lib/errors.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { peopleRepository } from '../repositories/people.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import type { VoicesRepository } from '../repositories/voices.ts';
import type { VoicesService } from './voices.ts';

interface Deps {
  meetings: ReturnType<typeof meetingsRepository>;
  people: ReturnType<typeof peopleRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  voices: VoicesRepository;
  voiceProfiles: VoicesService;
  cpu: CpuPool;
}

/**
 * Names for a meeting's speaker labels: the user's own segments, voices, profiles, people and
 * dismissals, judged in a CPU worker thread (voices/suggest.ts). Computed when asked, so a voice
 * learned since the meeting was transcribed counts.
 */
export function speakerSuggestionsService({ meetings, people, transcriptions, voices, voiceProfiles, cpu }: Deps) {
  async function assertMeeting(userId: string, meetingId: string) {
    const meeting = await meetings.findForUser(userId, meetingId);
    if (!meeting) throw notFound('Meeting');
    return meeting;
  }

  return {
    async list(userId: string, meetingId: string): Promise<{ suggestions: SpeakerSuggestion[] }> {
      const meeting = await assertMeeting(userId, meetingId);
      if (meeting.transcription_status !== 'completed') return { suggestions: [] };
      const [segments, segmentVoices, dismissed, profiles, everyone] = await Promise.all([
        transcriptions.listAllForMeeting(userId, meetingId),
        voices.segmentVoices(userId, meetingId),
        voices.dismissals(userId, meetingId),
        voiceProfiles.profileVoices(userId),
        people.namesForUser(userId),
      ]);
      const suggestions = await cpu.run(
        'suggestSpeakers',
        {
          segments: segments.map((s) => ({
            speaker: s.speaker,
            personId: s.person_id,
            text: s.text,
            startMs: Number(s.start_ms),
            endMs: Number(s.end_ms),
          })),
          voices: segmentVoices.map((v) => ({ speaker: v.speaker, personId: v.person_id, voice: v.voice })),
          profiles,
          people: everyone,
          dismissed: dismissed.map((d) => ({ speaker: d.speaker, personId: d.person_id, name: d.name })),
        },
        { owner: userId },
      );
      return { suggestions };
    },

    async dismiss(userId: string, meetingId: string, input: DismissSuggestionRequest): Promise<void> {
      await assertMeeting(userId, meetingId);
      if (input.personId && !(await people.findForUser(userId, input.personId))) throw notFound('Person');
      await voices.dismiss(userId, meetingId, input);
    },
  };
}

export type SpeakerSuggestionsService = ReturnType<typeof speakerSuggestionsService>;
