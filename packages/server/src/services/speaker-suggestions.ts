import type { DismissSuggestionRequest, SpeakerSuggestion } from '@parley/contract';
import { GaussStats } from '../audio/speakers/gaussian.ts';
import { decodeVoice } from '../audio/speakers/voice-stats.ts';
import { notFound } from '../lib/errors.ts';
import { labelNames } from '../names/label-names.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { peopleRepository } from '../repositories/people.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import type { VoicesRepository } from '../repositories/voices.ts';
import { closestVoices } from '../voices/voice-match.ts';
import type { VoicesService } from './voices.ts';

/**
 * Both sources are calibrated so that this is their threshold: for voices the distance chosen for
 * >= 95% precision (voices/voice-match.ts), for names the weights of names/label-names.ts.
 */
export const SHOWN_CONFIDENCE = 0.5;

interface Deps {
  meetings: ReturnType<typeof meetingsRepository>;
  people: ReturnType<typeof peopleRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  voices: VoicesRepository;
  voiceProfiles: VoicesService;
}

/**
 * Names for a meeting's speaker labels (docs/decisions/131, 132): at most one per label that still has
 * unassigned segments, the most confident of its voice and its transcript candidates, leaving out what
 * the user dismissed. Computed when asked, so a voice learned since the meeting was transcribed counts.
 */
export function speakerSuggestionsService({ meetings, people, transcriptions, voices, voiceProfiles }: Deps) {
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
        voiceProfiles.profiles(userId),
        people.namesForUser(userId),
      ]);
      // a label is still open while some of its segments have no person
      const open = new Set(segments.filter((s) => !s.person_id).map((s) => s.speaker));
      const isDismissed = (speaker: string, personId: string | null, name: string) =>
        dismissed.some(
          (d) =>
            d.speaker === speaker &&
            (personId ? d.person_id === personId : !d.person_id && d.name.toLowerCase() === name.toLowerCase()),
        );
      const names = new Map(everyone.map((p) => [p.id, p.name]));

      const labelStats = new Map<string, GaussStats>();
      for (const v of segmentVoices) {
        if (v.person_id || !open.has(v.speaker)) continue;
        labelStats.set(v.speaker, (labelStats.get(v.speaker) ?? new GaussStats()).add(decodeVoice(v.voice)));
      }
      const exclude = new Map<string, Set<string>>();
      for (const d of dismissed)
        if (d.person_id) exclude.set(d.speaker, (exclude.get(d.speaker) ?? new Set()).add(d.person_id));
      const candidates: SpeakerSuggestion[] = closestVoices(
        [...labelStats].map(([speaker, stats]) => ({ speaker, stats })),
        profiles.filter((p) => names.has(p.personId)),
        { exclude },
      ).map((m) => ({
        speaker: m.speaker,
        personId: m.personId,
        name: names.get(m.personId)!,
        source: 'voice',
        confidence: round3(m.confidence),
        evidence: [],
      }));

      const said = segments.map((s) => ({
        speaker: s.speaker,
        text: s.text,
        startTime: Number(s.start_ms) / 1000,
        endTime: Number(s.end_ms) / 1000,
      }));
      for (const n of labelNames(said, everyone)) {
        if (!open.has(n.speaker)) continue;
        candidates.push({
          ...n,
          source: 'transcript',
          confidence: round3(n.confidence),
          evidence: n.evidence.map((e) => ({ text: e.text, startTime: Math.round(e.startTime * 1000) })),
        });
      }

      const best = new Map<string, SpeakerSuggestion>();
      for (const c of candidates) {
        if (c.confidence < SHOWN_CONFIDENCE || isDismissed(c.speaker, c.personId, c.name)) continue;
        const current = best.get(c.speaker);
        if (!current || c.confidence > current.confidence) best.set(c.speaker, c);
      }
      const order = [...new Set(segments.map((s) => s.speaker))];
      return { suggestions: order.flatMap((speaker) => best.get(speaker) ?? []) };
    },

    async dismiss(userId: string, meetingId: string, input: DismissSuggestionRequest): Promise<void> {
      await assertMeeting(userId, meetingId);
      if (input.personId && !(await people.findForUser(userId, input.personId))) throw notFound('Person');
      await voices.dismiss(userId, meetingId, input);
    },
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export type SpeakerSuggestionsService = ReturnType<typeof speakerSuggestionsService>;
