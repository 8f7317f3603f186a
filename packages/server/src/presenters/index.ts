// Rows never leave the server as they are: presenters map them to the contract's shapes
// (`_id`, ISO dates, populated references, milliseconds and seconds where the spec wants them).
import type {
  ActionItem,
  AdminUser,
  ApiToken,
  Meeting,
  Member,
  Person,
  Project,
  ProjectPerson,
  ProjectRole,
  SharedActionItem,
  SharedMeetingInfo,
  SharedSegment,
  TranscriptionSegment,
  User,
  Webhook,
  WebhookDelivery,
} from '@parley/contract';
import type { ActionItemRow } from '../repositories/action-items.ts';
import type { ApiTokenRow } from '../repositories/api-tokens.ts';
import type { MeetingRow } from '../repositories/meetings.ts';
import type { MemberRow } from '../repositories/members.ts';
import type { PersonRow } from '../repositories/people.ts';
import type { ProjectRow } from '../repositories/projects.ts';
import type { PersonSegmentRow, SegmentRow } from '../repositories/transcriptions.ts';
import type { UserRow } from '../repositories/users.ts';
import type { WebhookDeliveryRow, WebhookRow } from '../repositories/webhooks.ts';

const optional = <T>(value: T | null | undefined) => (value === null || value === undefined ? undefined : value);

export function presentUser(
  row: UserRow,
  limits: { monthlyDuration: number; maxFileSize: number },
  usage: { duration: number; month: number; year: number },
): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    avatar: optional(row.avatar),
    tier: { name: row.tier, limits },
    currentMonthUsage: usage,
    createdAt: row.created_at,
    role: accountRole(row),
    hasPassword: row.password_hash !== null,
  };
}

const accountRole = (row: UserRow): User['role'] => (row.role === 'admin' ? 'admin' : 'user');
const MB = 1024 * 1024;

/** An account as the instance admin sees it (decision 221): its overrides of the tier in minutes and MB. */
export function presentAdminUser(
  row: UserRow,
  limits: { monthlyDuration: number; maxFileSize: number },
  usedSeconds: number,
): AdminUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: accountRole(row),
    disabled: Boolean(row.disabled),
    monthlyMinutes: row.monthly_duration_limit === null ? null : Math.round(row.monthly_duration_limit / 60),
    maxFileSizeMb: row.max_file_size === null ? null : Math.round(Number(row.max_file_size) / MB),
    usage: {
      minutes: Math.round((usedSeconds / 60) * 10) / 10,
      limitMinutes: Math.round(limits.monthlyDuration / 60),
      maxFileSizeMb: Math.round(limits.maxFileSize / MB),
    },
    createdAt: row.created_at,
  };
}

export const presentMember = (row: MemberRow): Member => ({
  user: { _id: row.user_id, name: row.name, email: row.email },
  role: row.role,
  addedAt: row.added_at,
});

/** `role`: the caller's role in the project (docs/decisions/220). */
export function presentProject(row: ProjectRow, role: ProjectRole): Project {
  return {
    role,
    _id: row.id,
    name: row.name,
    description: optional(row.description),
    meetingCount: row.meeting_count,
    summaryTemplateId: row.summary_template_id,
    audioRetentionDays: row.audio_retention_days ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** `voice`: what the person's voice profile was learned from, null when nothing (docs/decisions/130). */
export function presentPerson(row: PersonRow, voice: { meetings: number; seconds: number } | null): Person {
  const social = {
    linkedin: optional(row.social_linkedin),
    twitter: optional(row.social_twitter),
    facebook: optional(row.social_facebook),
    instagram: optional(row.social_instagram),
    github: optional(row.social_github),
  };
  const hasSocial = Object.values(social).some(Boolean);
  return {
    _id: row.id,
    name: row.name,
    email: optional(row.email),
    phone: optional(row.phone),
    company: optional(row.company),
    notes: optional(row.notes),
    socialMedia: hasSocial ? social : undefined,
    voiceProfile: voice,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * A recording of more than two channels is heard as ffmpeg's mix of them all: Parley hears each side of
 * a two-channel call alone, not each of more channels (decision 271).
 */
export function channelsNotice(channels: number | null | undefined): string | undefined {
  return channels && channels > 2
    ? `This recording has ${channels} audio channels. Parley heard them mixed into one, so speakers are told apart by their voices alone.`
    : undefined;
}

export function presentMeeting(row: MeetingRow): Meeting {
  return {
    _id: row.id,
    projectId: row.project_id,
    title: row.title,
    description: optional(row.description),
    duration: Math.round(Number(row.duration_ms) / 1000),
    recordingType: row.recording_type as Meeting['recordingType'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    transcriptionStatus: row.transcription_status as Meeting['transcriptionStatus'],
    recordingState: (row.recording_state ?? undefined) as Meeting['recordingState'],
    transcriptionProgress: row.transcription_progress,
    transcriptionError: optional(row.transcription_error),
    transcriptionNotice: channelsNotice(row.audio_channels),
    summary: optional(row.summary),
    actionItemsStatus: row.action_items_status as Meeting['actionItemsStatus'],
    actionItemsProgress: row.action_items_progress,
    audioDeletedAt: optional(row.audio_deleted_at),
    metadata: {
      actionItems: row.action_items_error ? { errorMessage: row.action_items_error } : undefined,
      audio:
        row.audio_mime && row.audio_name
          ? { mimeType: row.audio_mime, size: Number(row.audio_size ?? 0), fileName: row.audio_name }
          : undefined,
    },
  };
}

/** A person a project's speaker may be linked to: what its transcript would show, and whether it is the caller's. */
export function presentProjectPerson(
  row: { id: string; name: string; company: string | null; user_id: string },
  callerId: string,
): ProjectPerson {
  const own = row.user_id === callerId;
  return { _id: row.id, name: row.name, company: own ? optional(row.company) : undefined, own };
}

/** The linked person a row joins (a segment's, an action item's), with whose contact it is. */
export interface LinkedPersonColumns {
  person_id: string | null;
  person_name: string | null;
  person_company: string | null;
  person_owner_id: string | null;
}

/**
 * The person a row is linked to, populated as `{_id, name, company}` for `viewerId` (null when unlinked or
 * the person is gone). People stay personal (issue 37, decision 266): a member reads the name of another
 * account's contact and nothing else of it, so the company goes to the contact's owner only.
 */
export const linkedPersonCompany = (row: LinkedPersonColumns, viewerId: string | null) =>
  row.person_owner_id !== null && row.person_owner_id === viewerId ? row.person_company : null;

function personRef(row: LinkedPersonColumns, viewerId: string | null) {
  return row.person_id && row.person_name !== null
    ? { _id: row.person_id, name: row.person_name, company: optional(linkedPersonCompany(row, viewerId)) }
    : null;
}

/** A segment as `viewerId` reads it (the company of a contact is its owner's to see). */
export function presentSegment(row: SegmentRow | PersonSegmentRow, viewerId: string | null): TranscriptionSegment {
  const meeting =
    'meeting_title' in row
      ? { _id: row.meeting_id, title: row.meeting_title, projectId: row.meeting_project_id }
      : row.meeting_id;
  return {
    _id: row.id,
    meetingId: meeting,
    speaker: row.speaker,
    personId: personRef(row, viewerId),
    text: row.text,
    isEdited: Boolean(row.is_edited),
    startTime: Number(row.start_ms),
    endTime: Number(row.end_ms),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** An action item as `viewerId` reads it (the company of a contact is its owner's to see). */
export function presentActionItem(row: ActionItemRow, viewerId: string | null): ActionItem {
  return {
    _id: row.id,
    meetingId: row.meeting_id,
    task: row.task,
    context: row.context,
    contextStartTime: row.context_start_ms === null ? null : Math.round(Number(row.context_start_ms) / 100) / 10,
    assignee: row.assignee,
    personId: personRef(row, viewerId),
    dueDate: row.due_date,
    status: row.status as ActionItem['status'],
    source: row.source as ActionItem['source'],
    editedAt: row.edited_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

// A share link's shapes (decision 172): names only, no ids, no company.

export function presentSharedMeeting(row: MeetingRow): SharedMeetingInfo {
  const { title, description, duration, createdAt, summary } = presentMeeting(row);
  return { title, description, duration, createdAt, summary };
}

export const presentSharedSegment = (row: SegmentRow): SharedSegment => ({
  speaker: row.person_id && row.person_name !== null ? row.person_name : row.speaker,
  text: row.text,
  startTime: Number(row.start_ms),
  endTime: Number(row.end_ms),
});

export function presentSharedActionItem(row: ActionItemRow): SharedActionItem {
  const { task, context, contextStartTime, assignee, personId, dueDate, status } = presentActionItem(row, null);
  return { task, context, contextStartTime, assignee: personId?.name ?? assignee, dueDate, status };
}

export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    _id: row.id,
    name: row.name,
    scope: row.scope as ApiToken['scope'],
    prefix: row.prefix,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
  };
}

export function presentWebhook(row: WebhookRow): Webhook {
  return {
    _id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as Webhook['events'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    event: row.event,
    status: row.status as WebhookDelivery['status'],
    attempts: Number(row.attempts),
    responseStatus: row.response_status === null ? null : Number(row.response_status),
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
  };
}

export function pagination(page: number, limit: number, total: number) {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}
