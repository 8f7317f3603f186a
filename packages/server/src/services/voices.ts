import { encodeVoice, FRAME_SECONDS } from '../audio/speakers/voice-stats.ts';
import type { SegmentVoiceRow, VoicesRepository } from '../repositories/voices.ts';
import { sumVoices } from '../voices/suggest.ts';

/** Suggestions compare a meeting's labels with at most this many profiles (the most recently taught). */
const MAX_PROFILES = 500;

/**
 * Voice profiles (docs/decisions/130): what each meeting taught about a person is the sum of the voices
 * of the segments assigned to them there, rewritten whenever an assignment in that meeting touches
 * them; a profile is the sum over meetings. Only the user's own rows are ever read or written.
 */
export function voicesService({ voices }: { voices: VoicesRepository }) {
  return {
    /** The meeting's segment voices, read before an assignment changes them (to know whom it touches). */
    segmentVoices: (userId: string, meetingId: string) => voices.segmentVoices(userId, meetingId),

    /** Re-learns what this meeting says about each of these people (after an assignment changed). */
    async learn(userId: string, meetingId: string, personIds: Iterable<string | null>): Promise<void> {
      const given = [...new Set([...personIds].filter((p): p is string => Boolean(p)))];
      if (given.length === 0) return;
      // The holder's contacts only: a member's own contact linked in a shared meeting is named there,
      // its voice is not learned into anyone's profile (profiles stay personal, decision 266).
      const touched = await voices.ownPeople(userId, given);
      if (touched.size === 0) return;
      const rows = await voices.segmentVoices(userId, meetingId);
      for (const personId of touched) {
        const mine = rows.filter((r) => r.person_id === personId).map((r) => r.voice);
        const stats = sumVoices(mine);
        await voices.setSample(
          userId,
          personId,
          meetingId,
          stats.n > 0 ? { voice: encodeVoice(stats), seconds: round1(stats.n * FRAME_SECONDS) } : null,
        );
      }
    },

    /** The user's profiles, each as the stored voices of its samples (added up where they are compared). */
    async profileVoices(userId: string): Promise<Array<{ personId: string; voices: string[] }>> {
      const rows = await voices.samplesForUser(userId, MAX_PROFILES);
      const byPerson = new Map<string, string[]>();
      for (const r of rows) byPerson.set(r.person_id, [...(byPerson.get(r.person_id) ?? []), r.voice]);
      return [...byPerson].map(([personId, list]) => ({ personId, voices: list }));
    },

    profileSizes: (userId: string, personIds: readonly string[]) => voices.profileSizes(userId, personIds),

    forget: (userId: string, personId: string) => voices.deleteProfile(userId, personId),
  };
}

/** The people whose segments of `speaker` (or any, without a speaker) are assigned in these rows. */
export function peopleOf(rows: readonly SegmentVoiceRow[], speaker?: string): Array<string | null> {
  return rows.filter((r) => speaker === undefined || r.speaker === speaker).map((r) => r.person_id);
}

const round1 = (x: number) => Math.round(x * 10) / 10;

export type VoicesService = ReturnType<typeof voicesService>;
