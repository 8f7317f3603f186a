import { randomBytes } from 'node:crypto';
import { type CreateShareRequest, SHARES_PER_MEETING, type Share, type SharedMeeting } from '@parley/contract';
import { conflict, notFound } from '../lib/errors.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { presentSharedActionItem, presentSharedMeeting, presentSharedSegment } from '../presenters/index.ts';
import type { actionItemsRepository } from '../repositories/action-items.ts';
import type { MeetingRow, meetingsRepository } from '../repositories/meetings.ts';
import type { ShareRow, sharesRepository } from '../repositories/shares.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import type { MeetingsService } from './meetings.ts';

interface Deps {
  shares: ReturnType<typeof sharesRepository>;
  meetings: ReturnType<typeof meetingsRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  actionItems: ReturnType<typeof actionItemsRepository>;
  meetingsService: MeetingsService;
}

/** More than any meeting has: a shared page shows every action item. */
const ALL_ACTION_ITEMS = 100_000;
const SHARE_NOT_FOUND = 'Shared meeting';

/** The public page of a link, at the address the request came to. */
export const sharePageUrl = (origin: string, token: string) => `${origin}/s/${token}`;
export const sharedAudioPath = (token: string) => `/api/shared/${token}/audio`;

function presentShare(row: ShareRow, origin: string): Share {
  return {
    id: row.id,
    url: sharePageUrl(origin, row.token),
    includeAudio: row.include_audio === 1,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

const live = (row: ShareRow | undefined) =>
  row && (!row.expires_at || Date.parse(row.expires_at) > Date.now()) ? row : undefined;

export function sharesService({ shares, meetings, transcriptions, actionItems, meetingsService }: Deps) {
  /** The share and its meeting, or a 404 once the link is deleted, expired, or its meeting is gone. */
  async function open(token: string): Promise<{ share: ShareRow; meeting: MeetingRow }> {
    const share = live(await shares.findByToken(token));
    const meeting = share && (await meetings.findForUser(share.user_id, share.meeting_id));
    if (!share || !meeting) throw notFound(SHARE_NOT_FOUND);
    return { share, meeting };
  }

  return {
    async create(userId: string, meetingId: string, input: CreateShareRequest, origin: string) {
      await meetingsService.get(userId, meetingId);
      if ((await shares.countForMeeting(userId, meetingId)) >= SHARES_PER_MEETING) {
        throw conflict(`A meeting can have at most ${SHARES_PER_MEETING} share links`);
      }
      const row: ShareRow = {
        id: newId(),
        user_id: userId,
        meeting_id: meetingId,
        // 256 random bits: the token is the only thing that guards the page.
        token: randomBytes(32).toString('base64url'),
        include_audio: input.includeAudio ? 1 : 0,
        expires_at: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
        created_at: nowIso(),
      };
      await shares.insert(row);
      return presentShare(row, origin);
    },

    async list(userId: string, meetingId: string, origin: string) {
      await meetingsService.get(userId, meetingId);
      return (await shares.listForMeeting(userId, meetingId)).map((row) => presentShare(row, origin));
    },

    async revoke(userId: string, meetingId: string, id: string) {
      await meetingsService.get(userId, meetingId);
      if (!(await shares.delete(userId, meetingId, id))) throw notFound('Share');
    },

    /** What anyone holding the token may read: never the recording unless the link includes it. */
    async read(token: string): Promise<SharedMeeting> {
      const { share, meeting } = await open(token);
      const [segments, items] = await Promise.all([
        transcriptions.listAllForMeeting(share.user_id, meeting.id),
        actionItems.listByMeeting(share.user_id, meeting.id, 1, ALL_ACTION_ITEMS),
      ]);
      const withAudio = share.include_audio === 1 && meeting.audio_key !== null;
      return {
        meeting: presentSharedMeeting(meeting),
        transcript: segments.map(presentSharedSegment),
        actionItems: items.rows.map(presentSharedActionItem),
        audioUrl: withAudio ? sharedAudioPath(token) : null,
        expiresAt: share.expires_at,
      };
    },

    /** The meeting whose recording the link may play; 404 when the link does not include it. */
    async audioMeeting(token: string): Promise<MeetingRow> {
      const { share, meeting } = await open(token);
      if (share.include_audio !== 1) throw notFound('Recording');
      return meeting;
    },
  };
}

export type SharesService = ReturnType<typeof sharesService>;
