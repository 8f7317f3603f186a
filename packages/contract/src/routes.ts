import { z } from 'zod';
import {
  ActionItemListQuery,
  ActionItemListResponse,
  ActionItemResponse,
  CreateActionItemRequest,
  GenerateActionItemsResponse,
  UpdateActionItemRequest,
} from './action-items.ts';
import { ApiTokenListResponse, CreateApiTokenRequest, CreateApiTokenResponse } from './api-tokens.ts';
import { AskRequest } from './ask.ts';
import {
  LoginRequest,
  LoginResponse,
  PasswordUpdateRequest,
  ProvidersResponse,
  RegisterRequest,
  SignInExchangeRequest,
  SignInExchangeResponse,
  UserResponse,
} from './auth.ts';
import { Id } from './common.ts';
import { ExportQuery } from './exports.ts';
import { GlobalSearchQuery, GlobalSearchResponse } from './global-search.ts';
import { HealthResponse } from './health.ts';
import {
  AudioFileQuery,
  AudioUrlResponse,
  CreateMeetingResponse,
  MeetingListResponse,
  MeetingResponse,
  RecentMeetingsQuery,
  UpdateMeetingRequest,
} from './meetings.ts';
import {
  CreatePersonRequest,
  PeopleListQuery,
  PeopleListResponse,
  PersonResponse,
  PersonTranscriptionsQuery,
  UpdatePersonRequest,
} from './people.ts';
import { CreateProjectRequest, ProjectListResponse, ProjectResponse, UpdateProjectRequest } from './projects.ts';
import {
  ChunkReceiptResponse,
  FinishRecordingRequest,
  LiveTranscriptResponse,
  RECORDING_CHUNK,
  RecordingChunkParams,
  StartRecordingRequest,
} from './recordings.ts';
import { route } from './route-def.ts';
import {
  MeetingSearchQuery,
  MeetingSearchResponse,
  PersonTranscriptionsResponse,
  ProjectSearchQuery,
  ProjectSearchResponse,
} from './search.ts';
import { CreateShareRequest, SharedMeetingResponse, ShareListResponse, ShareResponse } from './shares.ts';
import { DismissSuggestionRequest, SegmentSpeakerRequest, SpeakerSuggestionsResponse } from './speakers.ts';
import { SummaryTemplateListResponse, SummaryTemplateRequest, SummaryTemplateResponse } from './summary-templates.ts';
import {
  AssignSpeakerRequest,
  ModifiedCountResponse,
  ReassignPersonRequest,
  TranscriptionPageQuery,
  TranscriptionPageResponse,
  TranscriptionResponse,
  UpdateTranscriptionRequest,
} from './transcriptions.ts';
import {
  CreateWebhookRequest,
  CreateWebhookResponse,
  UpdateWebhookRequest,
  WebhookDeliveriesResponse,
  WebhookListResponse,
  WebhookResponse,
  WebhookTestResponse,
} from './webhooks.ts';

const ById = z.object({ id: Id });
const ProjectMeeting = z.object({ id: Id, meetingId: Id });
const ActionItemParams = ProjectMeeting.extend({ itemId: Id });
const ByMeeting = z.object({ meetingId: Id });
const Segment = ByMeeting.extend({ transcriptionId: Id });
const ShareToken = z.object({ token: z.string().min(1).max(200) });

/**
 * Every /api and /auth route, spelled once (docs/decisions/110-route-table.md). The server registers
 * each one from here (http/router.ts) and refuses to start when a registered route is missing from the
 * table or an entry has no handler; the web app calls them through `callRoute` and its tests' fake API
 * serves only these. To add a route: an entry here, `router.handle(routes.x, ...)` in the server's
 * http/routes/<resource>.ts, `callRoute(routes.x, ...)` in the web app.
 */
export const routes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    tag: 'health',
    public: true,
    replies: { 200: HealthResponse, 503: HealthResponse },
  }),

  login: route({
    method: 'POST',
    path: '/auth/login',
    tag: 'auth',
    public: true,
    body: LoginRequest,
    replies: { 200: LoginResponse },
  }),
  register: route({
    method: 'POST',
    path: '/auth/register',
    tag: 'auth',
    public: true,
    body: RegisterRequest,
    replies: { 201: LoginResponse },
  }),
  signInExchange: route({
    method: 'POST',
    path: '/auth/signin/exchange',
    tag: 'auth',
    public: true,
    body: SignInExchangeRequest,
    replies: { 200: SignInExchangeResponse },
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    tag: 'auth',
    sessionOnly: true,
    description: 'Signs this session out: its token answers 401 from now on (204).',
    replies: { 204: null },
  }),
  authProviders: route({
    method: 'GET',
    path: '/api/auth/providers',
    tag: 'auth',
    public: true,
    replies: { 200: ProvidersResponse },
  }),
  oidcStart: route({
    method: 'GET',
    path: '/auth/oidc',
    tag: 'auth',
    public: true,
    hidden: true,
    replies: { 302: 'redirect' },
  }),
  oidcCallback: route({
    method: 'GET',
    path: '/auth/oidc/callback',
    tag: 'auth',
    public: true,
    hidden: true,
    replies: { 302: 'redirect' },
  }),

  me: route({ method: 'GET', path: '/api/users/me', tag: 'users', replies: { 200: UserResponse } }),
  changePassword: route({
    method: 'PUT',
    path: '/api/users/me/password',
    tag: 'users',
    body: PasswordUpdateRequest,
    sessionOnly: true,
    replies: { 204: null },
  }),
  listApiTokens: route({
    method: 'GET',
    path: '/api/users/me/tokens',
    tag: 'tokens',
    replies: { 200: ApiTokenListResponse },
  }),
  // A token can't mint tokens: a leaked one could otherwise outlive its own revocation.
  createApiToken: route({
    method: 'POST',
    path: '/api/users/me/tokens',
    tag: 'tokens',
    body: CreateApiTokenRequest,
    sessionOnly: true,
    replies: { 201: CreateApiTokenResponse },
  }),
  revokeApiToken: route({
    method: 'DELETE',
    path: '/api/users/me/tokens/:id',
    tag: 'tokens',
    params: ById,
    replies: { 204: null },
  }),
  recentMeetings: route({
    method: 'GET',
    path: '/api/users/:userId/meetings',
    tag: 'meetings',
    params: z.object({ userId: Id }),
    query: RecentMeetingsQuery,
    replies: { 200: MeetingListResponse },
  }),

  listWebhooks: route({
    method: 'GET',
    path: '/api/webhooks',
    tag: 'webhooks',
    replies: { 200: WebhookListResponse },
  }),
  createWebhook: route({
    method: 'POST',
    path: '/api/webhooks',
    tag: 'webhooks',
    body: CreateWebhookRequest,
    replies: { 201: CreateWebhookResponse },
  }),
  updateWebhook: route({
    method: 'PUT',
    path: '/api/webhooks/:id',
    tag: 'webhooks',
    params: ById,
    body: UpdateWebhookRequest,
    replies: { 200: WebhookResponse },
  }),
  deleteWebhook: route({
    method: 'DELETE',
    path: '/api/webhooks/:id',
    tag: 'webhooks',
    params: ById,
    replies: { 204: null },
  }),
  webhookDeliveries: route({
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    tag: 'webhooks',
    params: ById,
    replies: { 200: WebhookDeliveriesResponse },
  }),
  testWebhook: route({
    method: 'POST',
    path: '/api/webhooks/:id/test',
    tag: 'webhooks',
    params: ById,
    description: '"Send test event": queues a webhook.test delivery and answers it as it stands (pending).',
    replies: { 202: WebhookTestResponse },
  }),

  listProjects: route({ method: 'GET', path: '/api/projects', tag: 'projects', replies: { 200: ProjectListResponse } }),
  createProject: route({
    method: 'POST',
    path: '/api/projects',
    tag: 'projects',
    body: CreateProjectRequest,
    replies: { 201: ProjectResponse },
  }),
  getProject: route({
    method: 'GET',
    path: '/api/projects/:id',
    tag: 'projects',
    params: ById,
    replies: { 200: ProjectResponse },
  }),
  updateProject: route({
    method: 'PUT',
    path: '/api/projects/:id',
    tag: 'projects',
    params: ById,
    body: UpdateProjectRequest,
    replies: { 200: ProjectResponse },
  }),
  deleteProject: route({
    method: 'DELETE',
    path: '/api/projects/:id',
    tag: 'projects',
    params: ById,
    replies: { 204: null },
  }),

  listPeople: route({
    method: 'GET',
    path: '/api/people',
    tag: 'people',
    query: PeopleListQuery,
    replies: { 200: PeopleListResponse },
  }),
  createPerson: route({
    method: 'POST',
    path: '/api/people',
    tag: 'people',
    body: CreatePersonRequest,
    replies: { 201: PersonResponse },
  }),
  getPerson: route({
    method: 'GET',
    path: '/api/people/:id',
    tag: 'people',
    params: ById,
    replies: { 200: PersonResponse },
  }),
  updatePerson: route({
    method: 'PUT',
    path: '/api/people/:id',
    tag: 'people',
    params: ById,
    body: UpdatePersonRequest,
    replies: { 200: PersonResponse },
  }),
  deletePerson: route({
    method: 'DELETE',
    path: '/api/people/:id',
    tag: 'people',
    params: ById,
    replies: { 204: null },
  }),
  forgetVoice: route({
    method: 'DELETE',
    path: '/api/people/:id/voice',
    tag: 'people',
    params: ById,
    replies: { 204: null },
  }),
  personTranscriptions: route({
    method: 'GET',
    path: '/api/people/:id/transcriptions',
    tag: 'people',
    params: ById,
    query: PersonTranscriptionsQuery,
    replies: { 200: PersonTranscriptionsResponse },
  }),

  listMeetings: route({
    method: 'GET',
    path: '/api/projects/:id/meetings',
    tag: 'meetings',
    params: ById,
    replies: { 200: MeetingListResponse },
  }),
  createMeeting: route({
    method: 'POST',
    path: '/api/projects/:id/meetings',
    tag: 'meetings',
    params: ById,
    body: 'multipart',
    replies: { 201: CreateMeetingResponse },
    description:
      'Multipart upload: audioFile (the recording), title, recordingType (direct | upload), duration (a hint in whole seconds). transcriptFile (WebVTT, SubRip or Parley JSON), beside or instead of audioFile, imports a transcript: the meeting is completed at once, with no transcription.',
  }),
  getMeeting: route({
    method: 'GET',
    path: '/api/projects/:id/meetings/:meetingId',
    tag: 'meetings',
    params: ProjectMeeting,
    replies: { 200: MeetingResponse },
  }),
  updateMeeting: route({
    method: 'PUT',
    path: '/api/projects/:id/meetings/:meetingId',
    tag: 'meetings',
    params: ProjectMeeting,
    body: UpdateMeetingRequest,
    replies: { 200: MeetingResponse },
  }),
  deleteMeeting: route({
    method: 'DELETE',
    path: '/api/projects/:id/meetings/:meetingId',
    tag: 'meetings',
    params: ProjectMeeting,
    replies: { 204: null },
  }),
  audioUrl: route({
    method: 'GET',
    path: '/api/projects/:id/meetings/:meetingId/audio-url',
    tag: 'meetings',
    params: ProjectMeeting,
    replies: { 200: AudioUrlResponse },
  }),
  audio: route({
    method: 'GET',
    path: '/api/projects/:id/meetings/:meetingId/audio',
    tag: 'meetings',
    public: true,
    params: ProjectMeeting,
    query: AudioFileQuery,
    replies: { 200: 'file', 206: 'file' },
    description: 'The recording, with Range support. A bearer header, or the token of the audio-url route.',
  }),
  deleteRecording: route({
    method: 'DELETE',
    path: '/api/projects/:id/meetings/:meetingId/audio',
    tag: 'meetings',
    params: ProjectMeeting,
    description: '"Delete recording, keep transcript" (docs/decisions/173).',
    replies: { 204: null },
  }),
  exportMeeting: route({
    method: 'GET',
    path: '/api/meetings/:meetingId/export',
    tag: 'meetings',
    heavy: true,
    params: ByMeeting,
    query: ExportQuery,
    replies: { 200: 'file' },
    description:
      'The meeting as a file: txt, md, srt, vtt (speakers as voice tags), docx or json (Parley’s own, importable). `tz` (an IANA zone) sets the time zone of the dates written in it.',
  }),

  transcriptPage: route({
    method: 'GET',
    path: '/api/meetings/:meetingId/transcriptions',
    tag: 'transcriptions',
    params: ByMeeting,
    query: TranscriptionPageQuery,
    replies: { 200: TranscriptionPageResponse },
  }),
  updateSegment: route({
    method: 'PATCH',
    path: '/api/meetings/:meetingId/transcriptions/:transcriptionId',
    tag: 'transcriptions',
    params: Segment,
    body: UpdateTranscriptionRequest,
    replies: { 200: TranscriptionResponse },
  }),
  deleteSegment: route({
    method: 'DELETE',
    path: '/api/meetings/:meetingId/transcriptions/:transcriptionId',
    tag: 'transcriptions',
    params: Segment,
    replies: { 204: null },
  }),
  assignSegment: route({
    method: 'PUT',
    path: '/api/meetings/:meetingId/transcriptions/:transcriptionId/speaker',
    tag: 'transcriptions',
    params: Segment,
    body: SegmentSpeakerRequest,
    replies: { 200: TranscriptionResponse },
  }),
  assignSpeaker: route({
    method: 'PUT',
    path: '/api/meetings/:meetingId/transcriptions/speaker/:speaker/assign',
    tag: 'transcriptions',
    params: ByMeeting.extend({ speaker: z.string().min(1).max(100) }),
    body: AssignSpeakerRequest,
    replies: { 200: ModifiedCountResponse },
  }),
  reassignPerson: route({
    method: 'PUT',
    path: '/api/meetings/:meetingId/transcriptions/people/:personId/assign',
    tag: 'transcriptions',
    params: ByMeeting.extend({ personId: Id }),
    body: ReassignPersonRequest,
    replies: { 200: ModifiedCountResponse },
  }),

  speakerSuggestions: route({
    method: 'GET',
    path: '/api/meetings/:meetingId/speaker-suggestions',
    tag: 'speakers',
    params: ByMeeting,
    replies: { 200: SpeakerSuggestionsResponse },
  }),
  dismissSuggestion: route({
    method: 'POST',
    path: '/api/meetings/:meetingId/speaker-suggestions/dismiss',
    tag: 'speakers',
    params: ByMeeting,
    body: DismissSuggestionRequest,
    replies: { 204: null },
  }),

  searchMeeting: route({
    method: 'GET',
    path: '/api/meetings/:meetingId/transcriptions/hybrid-search',
    tag: 'search',
    heavy: true,
    params: ByMeeting,
    query: MeetingSearchQuery,
    replies: { 200: MeetingSearchResponse },
  }),
  globalSearch: route({
    method: 'GET',
    path: '/api/search',
    tag: 'search',
    heavy: true,
    query: GlobalSearchQuery,
    replies: { 200: GlobalSearchResponse },
  }),
  searchProject: route({
    method: 'GET',
    path: '/api/projects/:id/transcriptions/search-all',
    tag: 'search',
    heavy: true,
    params: ById,
    query: ProjectSearchQuery,
    replies: { 200: ProjectSearchResponse },
  }),

  summaryStream: route({
    method: 'POST',
    path: '/api/projects/:id/meetings/:meetingId/summary/stream',
    tag: 'summary',
    heavy: true,
    params: ProjectMeeting,
    replies: { 200: 'event-stream' },
    description:
      'Generates the meeting summary as text/event-stream: `data: ` lines of {type:"chunk",content}, then {type:"complete",meeting} or {type:"error",message}. 409 while another generation for the meeting runs. The optional JSON body picks a template (`templateId`, else the project default) and an output `language`.',
  }),

  listSummaryTemplates: route({
    method: 'GET',
    path: '/api/summary-templates',
    tag: 'summary',
    replies: { 200: SummaryTemplateListResponse },
  }),
  createSummaryTemplate: route({
    method: 'POST',
    path: '/api/summary-templates',
    tag: 'summary',
    body: SummaryTemplateRequest,
    replies: { 201: SummaryTemplateResponse },
  }),
  updateSummaryTemplate: route({
    method: 'PUT',
    path: '/api/summary-templates/:id',
    tag: 'summary',
    params: ById,
    body: SummaryTemplateRequest,
    replies: { 200: SummaryTemplateResponse },
  }),
  deleteSummaryTemplate: route({
    method: 'DELETE',
    path: '/api/summary-templates/:id',
    tag: 'summary',
    params: ById,
    replies: { 204: null },
  }),
  ask: route({
    method: 'POST',
    path: '/api/ask',
    tag: 'search',
    heavy: true,
    body: AskRequest,
    description:
      "Answers a question from the passages of the user's meetings (one meeting, one project or all) as " +
      'text/event-stream: `chunk` events ({text}), then `complete` ({answer, citations}) or `error` ({message}).',
    replies: { 200: 'event-stream' },
  }),

  startRecording: route({
    method: 'POST',
    path: '/api/projects/:id/recordings',
    tag: 'recordings',
    params: ById,
    body: StartRecordingRequest,
    description:
      'Starts a recording sent in chunks: the meeting exists from now on with recordingState "recording". 403 with the limit message when the month is over the limit.',
    replies: { 201: MeetingResponse },
  }),
  recordingChunk: route({
    method: 'PUT',
    path: '/api/meetings/:meetingId/recording/chunks/:seq',
    tag: 'recordings',
    params: RecordingChunkParams,
    body: 'raw',
    description: `One chunk (at most ${RECORDING_CHUNK.maxSeconds} s, ${RECORDING_CHUNK.maxBytes} bytes) as the raw body, numbered from 0. Sending a chunk again is harmless. 409 once the recording is stopped.`,
    replies: { 200: ChunkReceiptResponse },
  }),
  finishRecording: route({
    method: 'POST',
    path: '/api/meetings/:meetingId/recording/finish',
    tag: 'recordings',
    params: ByMeeting,
    body: FinishRecordingRequest,
    description:
      'Stop: the recording is put together and transcribed once chunks 0..chunks-1 have all arrived (409 naming the missing ones before).',
    replies: { 200: MeetingResponse },
  }),
  liveTranscript: route({
    method: 'GET',
    path: '/api/meetings/:meetingId/live',
    tag: 'recordings',
    params: ByMeeting,
    replies: { 200: LiveTranscriptResponse },
  }),
  liveStream: route({
    method: 'GET',
    path: '/api/meetings/:meetingId/live/stream',
    tag: 'recordings',
    params: ByMeeting,
    description:
      'The live transcript as text/event-stream: `data: ` lines of {type:"transcript",transcript} whenever it changes, then {type:"complete"} once the recording is finished.',
    replies: { 200: 'event-stream' },
  }),

  createShare: route({
    method: 'POST',
    path: '/api/meetings/:meetingId/shares',
    tag: 'shares',
    params: ByMeeting,
    body: CreateShareRequest,
    replies: { 201: ShareResponse },
  }),
  listShares: route({
    method: 'GET',
    path: '/api/meetings/:meetingId/shares',
    tag: 'shares',
    params: ByMeeting,
    replies: { 200: ShareListResponse },
  }),
  revokeShare: route({
    method: 'DELETE',
    path: '/api/meetings/:meetingId/shares/:id',
    tag: 'shares',
    params: ByMeeting.extend({ id: Id }),
    replies: { 204: null },
  }),
  // What a share link opens, without sign-in (docs/decisions/172).
  sharedMeeting: route({
    method: 'GET',
    path: '/api/shared/:token',
    tag: 'shares',
    public: true,
    params: ShareToken,
    replies: { 200: SharedMeetingResponse },
  }),
  sharedAudio: route({
    method: 'GET',
    path: '/api/shared/:token/audio',
    tag: 'shares',
    public: true,
    params: ShareToken,
    replies: { 200: 'file', 206: 'file' },
  }),

  generateActionItems: route({
    method: 'POST',
    path: '/api/projects/:id/meetings/:meetingId/action-items/generate',
    tag: 'action items',
    params: ProjectMeeting,
    replies: { 202: GenerateActionItemsResponse },
    description: 'Starts generation as a background job; poll the meeting while actionItemsStatus is processing.',
  }),
  listActionItems: route({
    method: 'GET',
    path: '/api/projects/:id/meetings/:meetingId/action-items',
    tag: 'action items',
    params: ProjectMeeting,
    query: ActionItemListQuery,
    replies: { 200: ActionItemListResponse },
  }),
  createActionItem: route({
    method: 'POST',
    path: '/api/projects/:id/meetings/:meetingId/action-items',
    tag: 'action items',
    params: ProjectMeeting,
    body: CreateActionItemRequest,
    description: 'Adds an item by hand (source manual); regenerating keeps it.',
    replies: { 201: ActionItemResponse },
  }),
  updateActionItem: route({
    method: 'PATCH',
    path: '/api/projects/:id/meetings/:meetingId/action-items/:itemId',
    tag: 'action items',
    params: ActionItemParams,
    body: UpdateActionItemRequest,
    replies: { 200: ActionItemResponse },
  }),
  deleteActionItem: route({
    method: 'DELETE',
    path: '/api/projects/:id/meetings/:meetingId/action-items/:itemId',
    tag: 'action items',
    params: ActionItemParams,
    replies: { 204: null },
  }),
};

export type Routes = typeof routes;
export type RouteName = keyof Routes;
/** `'GET /api/projects/:id'` and so on: every route of the table, as a string. */
export type RouteKey = { [N in RouteName]: `${Routes[N]['method']} ${Routes[N]['path']}` }[RouteName];
