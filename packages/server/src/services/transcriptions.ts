import type { Db } from '../db/database.ts';
import { notFound } from '../lib/errors.ts';
import { pagination, presentSegment } from '../presenters/index.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import type { SemanticSearch } from '../search/semantic/index.ts';
import type { PeopleService } from './people.ts';
import { peopleOf, type VoicesService } from './voices.ts';

interface Deps {
  db: Db;
  meetings: ReturnType<typeof meetingsRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  people: PeopleService;
  voices: VoicesService;
  /** Absent when embeddings are off. */
  semantic?: Pick<SemanticSearch, 'queueEmbedding'>;
}

export function transcriptionsService({ db, meetings, transcriptions, people, voices, semantic }: Deps) {
  async function assertMeeting(userId: string, meetingId: string) {
    const meeting = await meetings.findForUser(userId, meetingId);
    if (!meeting) throw notFound('Meeting');
    return meeting;
  }

  /**
   * The meeting, and a check that each person given may be linked in its project by the caller (their
   * own contacts and the ones the project names, decision 266): 404 for anyone else's.
   */
  async function assertLinkable(
    holderId: string,
    meetingId: string,
    callerId: string,
    personIds: Array<string | null>,
  ) {
    const meeting = await assertMeeting(holderId, meetingId);
    const place = { callerId, holderId, projectId: meeting.project_id };
    for (const personId of personIds) if (personId) await people.assertLinkable(place, personId);
  }

  async function getSegment(userId: string, meetingId: string, id: string) {
    const row = await transcriptions.findForUser(userId, meetingId, id);
    if (!row) throw notFound('Transcription');
    return row;
  }

  return {
    /** `viewerId`: who reads the page (a contact's company is its owner's to see). */
    async page(userId: string, meetingId: string, { page, limit }: { page: number; limit: number }, viewerId: string) {
      await assertMeeting(userId, meetingId);
      const { rows, total } = await transcriptions.pageForMeeting(userId, meetingId, {
        limit,
        offset: (page - 1) * limit,
      });
      return {
        transcriptions: rows.map((row) => presentSegment(row, viewerId)),
        pagination: pagination(page, limit, total),
      };
    },

    async updateText(userId: string, meetingId: string, id: string, text: string, callerId: string) {
      await assertMeeting(userId, meetingId);
      const updated = await db.transaction().execute(async (trx) => {
        if (!(await transcriptions.updateText(trx, userId, meetingId, id, text))) return false;
        await semantic?.queueEmbedding(trx, { userId, meetingId, editedSegmentId: id });
        return true;
      });
      if (!updated) throw notFound('Transcription');
      return presentSegment(await getSegment(userId, meetingId, id), callerId);
    },

    async delete(userId: string, meetingId: string, id: string) {
      await assertMeeting(userId, meetingId);
      const deleted = await db.transaction().execute(async (trx) => {
        if (!(await transcriptions.delete(trx, userId, meetingId, id))) return false;
        // The neighbours' windows held the deleted words: the meeting is embedded again.
        await semantic?.queueEmbedding(trx, { userId, meetingId });
        return true;
      });
      if (!deleted) throw notFound('Transcription');
    },

    // Every change of a segment's person re-learns what this meeting says of the voices of the people
    // it touches (the one given the segments and the ones who lose them): docs/decisions/130.
    async assignSpeaker(userId: string, meetingId: string, speaker: string, personId: string | null, callerId: string) {
      await assertLinkable(userId, meetingId, callerId, [personId]);
      const before = peopleOf(await voices.segmentVoices(userId, meetingId), speaker);
      const modifiedCount = await transcriptions.assignSpeaker(userId, meetingId, speaker, personId);
      await voices.learn(userId, meetingId, [...before, personId]);
      return { modifiedCount };
    },

    /** A label renamed without a contact; 404 when the meeting has no segment with it. */
    async renameSpeaker(userId: string, meetingId: string, speaker: string, name: string) {
      await assertMeeting(userId, meetingId);
      const modifiedCount = await db.transaction().execute(async (trx) => {
        const renamed = await transcriptions.renameSpeaker(trx, userId, meetingId, speaker, name);
        // Search by meaning reads the speaker with the words.
        if (renamed > 0) await semantic?.queueEmbedding(trx, { userId, meetingId });
        return renamed;
      });
      if (modifiedCount === 0 && speaker !== name) throw notFound('Speaker');
      return { modifiedCount };
    },

    async reassignPerson(
      userId: string,
      meetingId: string,
      fromPersonId: string,
      toPersonId: string | null,
      callerId: string,
    ) {
      // The person the segments leave need only be linked here: a former member's contact, no longer
      // offered for new links (decision 266), can still be replaced by another.
      const linkedHere = await transcriptions.isLinkedIn(userId, meetingId, fromPersonId);
      await assertLinkable(userId, meetingId, callerId, linkedHere ? [toPersonId] : [fromPersonId, toPersonId]);
      const modifiedCount = await transcriptions.reassignPerson(userId, meetingId, fromPersonId, toPersonId);
      await voices.learn(userId, meetingId, [fromPersonId, toPersonId]);
      return { modifiedCount };
    },

    /** One segment's person ("Only this segment"); null gives it back to its label. */
    async assignSegment(userId: string, meetingId: string, id: string, personId: string | null, callerId: string) {
      await assertLinkable(userId, meetingId, callerId, [personId]);
      const before = await getSegment(userId, meetingId, id);
      await transcriptions.setSegmentPerson(userId, meetingId, id, personId);
      await voices.learn(userId, meetingId, [before.person_id, personId]);
      return presentSegment(await getSegment(userId, meetingId, id), callerId);
    },
  };
}

export type TranscriptionsService = ReturnType<typeof transcriptionsService>;
