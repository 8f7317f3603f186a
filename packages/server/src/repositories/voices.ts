import type { Db } from '../db/database.ts';
import { newId, nowIso } from '../lib/ids.ts';

/** A segment's stored voice with what the suggestions and the learning need of the segment. */
export interface SegmentVoiceRow {
  segment_id: string;
  speaker: string;
  person_id: string | null;
  voice: string;
}

export function voicesRepository(db: Db) {
  return {
    /** Which of these people are the user's own contacts. */
    async ownPeople(userId: string, personIds: readonly string[]): Promise<Set<string>> {
      if (personIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('people')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', 'in', personIds)
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /** Every voice of a meeting's segments, with the segment's label and person. */
    segmentVoices: async (userId: string, meetingId: string): Promise<SegmentVoiceRow[]> =>
      db
        .selectFrom('segment_voices')
        .innerJoin('transcriptions', 'transcriptions.id', 'segment_voices.segment_id')
        .select([
          'segment_voices.segment_id',
          'transcriptions.speaker',
          'transcriptions.person_id',
          'segment_voices.voice',
        ])
        .where('segment_voices.user_id', '=', userId)
        .where('segment_voices.meeting_id', '=', meetingId)
        .execute(),

    /** Replaces what a meeting taught about a person's voice (or removes it: voice null). */
    async setSample(
      userId: string,
      personId: string,
      meetingId: string,
      sample: { voice: string; seconds: number } | null,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('voice_samples')
          .where('user_id', '=', userId)
          .where('person_id', '=', personId)
          .where('meeting_id', '=', meetingId)
          .execute();
        if (!sample) return;
        await trx
          .insertInto('voice_samples')
          .values({
            id: newId(),
            user_id: userId,
            person_id: personId,
            meeting_id: meetingId,
            voice: sample.voice,
            seconds: sample.seconds,
            updated_at: nowIso(),
          })
          .execute();
      });
    },

    /** The samples of the user's most recently taught profiles (at most `maxPeople` people). */
    async samplesForUser(userId: string, maxPeople: number) {
      const recent = db
        .selectFrom('voice_samples')
        .select('person_id')
        .where('user_id', '=', userId)
        .groupBy('person_id')
        .orderBy((eb) => eb.fn.max('updated_at'), 'desc')
        .limit(maxPeople);
      return db
        .selectFrom('voice_samples')
        .select(['person_id', 'voice'])
        .where('user_id', '=', userId)
        .where('person_id', 'in', recent)
        .execute();
    },

    /** Meetings and seconds a person's voice was learned from, per person of the list. */
    async profileSizes(userId: string, personIds: readonly string[]) {
      if (personIds.length === 0) return new Map<string, { meetings: number; seconds: number }>();
      const rows = await db
        .selectFrom('voice_samples')
        .select((eb) => [
          'person_id',
          eb.fn.countAll<number>().as('meetings'),
          eb.fn.sum<number>('seconds').as('seconds'),
        ])
        .where('user_id', '=', userId)
        .where('person_id', 'in', personIds)
        .groupBy('person_id')
        .execute();
      return new Map(rows.map((r) => [r.person_id, { meetings: Number(r.meetings), seconds: Number(r.seconds) }]));
    },

    async deleteProfile(userId: string, personId: string): Promise<void> {
      await db.deleteFrom('voice_samples').where('user_id', '=', userId).where('person_id', '=', personId).execute();
    },

    dismissals: (userId: string, meetingId: string) =>
      db
        .selectFrom('speaker_suggestion_dismissals')
        .select(['speaker', 'person_id', 'name'])
        .where('user_id', '=', userId)
        .where('meeting_id', '=', meetingId)
        .execute(),

    async dismiss(userId: string, meetingId: string, d: { speaker: string; personId: string | null; name: string }) {
      await db
        .insertInto('speaker_suggestion_dismissals')
        .values({
          id: newId(),
          user_id: userId,
          meeting_id: meetingId,
          speaker: d.speaker,
          person_id: d.personId,
          name: d.name,
          created_at: nowIso(),
        })
        .execute();
    },
  };
}

export type VoicesRepository = ReturnType<typeof voicesRepository>;
