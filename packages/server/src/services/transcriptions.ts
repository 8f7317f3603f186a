import { notFound } from '../lib/errors.ts';
import { pagination, presentSegment } from '../presenters/index.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import type { PeopleService } from './people.ts';

interface Deps {
  meetings: ReturnType<typeof meetingsRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  people: PeopleService;
}

export function transcriptionsService({ meetings, transcriptions, people }: Deps) {
  async function assertMeeting(userId: string, meetingId: string) {
    if (!(await meetings.findForUser(userId, meetingId))) throw notFound('Meeting');
  }

  async function getSegment(userId: string, meetingId: string, id: string) {
    const row = await transcriptions.findForUser(userId, meetingId, id);
    if (!row) throw notFound('Transcription');
    return row;
  }

  return {
    async page(userId: string, meetingId: string, { page, limit }: { page: number; limit: number }) {
      await assertMeeting(userId, meetingId);
      const { rows, total } = await transcriptions.pageForMeeting(userId, meetingId, {
        limit,
        offset: (page - 1) * limit,
      });
      return { transcriptions: rows.map(presentSegment), pagination: pagination(page, limit, total) };
    },

    async updateText(userId: string, meetingId: string, id: string, text: string) {
      await assertMeeting(userId, meetingId);
      if (!(await transcriptions.updateText(userId, meetingId, id, text))) throw notFound('Transcription');
      return presentSegment(await getSegment(userId, meetingId, id));
    },

    async delete(userId: string, meetingId: string, id: string) {
      await assertMeeting(userId, meetingId);
      if (!(await transcriptions.delete(userId, meetingId, id))) throw notFound('Transcription');
    },

    async assignSpeaker(userId: string, meetingId: string, speaker: string, personId: string | null) {
      await assertMeeting(userId, meetingId);
      if (personId) await people.assertOwned(userId, personId);
      return { modifiedCount: await transcriptions.assignSpeaker(userId, meetingId, speaker, personId) };
    },

    async reassignPerson(userId: string, meetingId: string, fromPersonId: string, toPersonId: string | null) {
      await assertMeeting(userId, meetingId);
      await people.assertOwned(userId, fromPersonId);
      if (toPersonId) await people.assertOwned(userId, toPersonId);
      return { modifiedCount: await transcriptions.reassignPerson(userId, meetingId, fromPersonId, toPersonId) };
    },
  };
}

export type TranscriptionsService = ReturnType<typeof transcriptionsService>;
