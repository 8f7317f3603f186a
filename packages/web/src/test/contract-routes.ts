import {
  ActionItemListResponse,
  ActionItemResponse,
  AssignSpeakerRequest,
  AudioUrlResponse,
  CreateMeetingResponse,
  CreatePersonRequest,
  CreateProjectRequest,
  DismissSuggestionRequest,
  ErrorBody,
  GenerateActionItemsResponse,
  LoginRequest,
  LoginResponse,
  MeetingListResponse,
  MeetingResponse,
  MeetingSearchResponse,
  ModifiedCountResponse,
  PasswordUpdateRequest,
  PeopleListResponse,
  PersonResponse,
  PersonTranscriptionsResponse,
  ProjectListResponse,
  ProjectResponse,
  ProjectSearchResponse,
  ProvidersResponse,
  ReassignPersonRequest,
  RegisterRequest,
  SegmentSpeakerRequest,
  SignInExchangeRequest,
  SignInExchangeResponse,
  SpeakerSuggestionsResponse,
  TranscriptionPageResponse,
  TranscriptionResponse,
  UpdateActionItemRequest,
  UpdateMeetingRequest,
  UpdatePersonRequest,
  UpdateProjectRequest,
  UpdateTranscriptionRequest,
  UserResponse,
} from '@parley/contract';
import type { z } from 'zod';

/**
 * The server's routes as the web app uses them, with the contract's schema for the JSON body the
 * app sends and for each success reply (the same schemas the server's routes declare). The fake
 * API checks every request and reply against them, so a test fails when the web app and the
 * contract drift apart. A route missing here is still checked for the envelope shape.
 */
interface RouteContract {
  body?: z.ZodType;
  /** Success replies by status; 204 has no body. */
  replies: Record<number, z.ZodType | null>;
}

export const CONTRACT_ROUTES: Record<string, RouteContract> = {
  'POST /auth/login': { body: LoginRequest, replies: { 200: LoginResponse } },
  'POST /auth/register': { body: RegisterRequest, replies: { 201: LoginResponse } },
  'POST /auth/signin/exchange': { body: SignInExchangeRequest, replies: { 200: SignInExchangeResponse } },
  'POST /auth/logout': { replies: { 204: null } },
  'GET /api/auth/providers': { replies: { 200: ProvidersResponse } },
  'GET /api/users/me': { replies: { 200: UserResponse } },
  'PUT /api/users/me/password': { body: PasswordUpdateRequest, replies: { 204: null } },
  'GET /api/users/:userId/meetings': { replies: { 200: MeetingListResponse } },

  'GET /api/projects': { replies: { 200: ProjectListResponse } },
  'POST /api/projects': { body: CreateProjectRequest, replies: { 201: ProjectResponse } },
  'GET /api/projects/:id': { replies: { 200: ProjectResponse } },
  'PUT /api/projects/:id': { body: UpdateProjectRequest, replies: { 200: ProjectResponse } },
  'DELETE /api/projects/:id': { replies: { 204: null } },
  'GET /api/projects/:id/transcriptions/search-all': { replies: { 200: ProjectSearchResponse } },

  'GET /api/projects/:id/meetings': { replies: { 200: MeetingListResponse } },
  'POST /api/projects/:id/meetings': { replies: { 201: CreateMeetingResponse } }, // multipart body
  'GET /api/projects/:id/meetings/:meetingId': { replies: { 200: MeetingResponse } },
  'PUT /api/projects/:id/meetings/:meetingId': { body: UpdateMeetingRequest, replies: { 200: MeetingResponse } },
  'DELETE /api/projects/:id/meetings/:meetingId': { replies: { 204: null } },
  'GET /api/projects/:id/meetings/:meetingId/audio-url': { replies: { 200: AudioUrlResponse } },
  'POST /api/projects/:id/meetings/:meetingId/action-items/generate': {
    replies: { 202: GenerateActionItemsResponse },
  },
  'GET /api/projects/:id/meetings/:meetingId/action-items': { replies: { 200: ActionItemListResponse } },
  'PATCH /api/projects/:id/meetings/:meetingId/action-items/:itemId': {
    body: UpdateActionItemRequest,
    replies: { 200: ActionItemResponse },
  },
  'DELETE /api/projects/:id/meetings/:meetingId/action-items/:itemId': { replies: { 204: null } },

  'GET /api/meetings/:meetingId/transcriptions': { replies: { 200: TranscriptionPageResponse } },
  'GET /api/meetings/:meetingId/transcriptions/hybrid-search': { replies: { 200: MeetingSearchResponse } },
  'PATCH /api/meetings/:meetingId/transcriptions/:transcriptionId': {
    body: UpdateTranscriptionRequest,
    replies: { 200: TranscriptionResponse },
  },
  'DELETE /api/meetings/:meetingId/transcriptions/:transcriptionId': { replies: { 204: null } },
  'PUT /api/meetings/:meetingId/transcriptions/speaker/:speaker/assign': {
    body: AssignSpeakerRequest,
    replies: { 200: ModifiedCountResponse },
  },
  'PUT /api/meetings/:meetingId/transcriptions/:transcriptionId/speaker': {
    body: SegmentSpeakerRequest,
    replies: { 200: TranscriptionResponse },
  },
  'GET /api/meetings/:meetingId/speaker-suggestions': { replies: { 200: SpeakerSuggestionsResponse } },
  'POST /api/meetings/:meetingId/speaker-suggestions/dismiss': {
    body: DismissSuggestionRequest,
    replies: { 204: null },
  },
  'PUT /api/meetings/:meetingId/transcriptions/people/:personId/assign': {
    body: ReassignPersonRequest,
    replies: { 200: ModifiedCountResponse },
  },

  'GET /api/people': { replies: { 200: PeopleListResponse } },
  'POST /api/people': { body: CreatePersonRequest, replies: { 201: PersonResponse } },
  'GET /api/people/:id': { replies: { 200: PersonResponse } },
  'PUT /api/people/:id': { body: UpdatePersonRequest, replies: { 200: PersonResponse } },
  'DELETE /api/people/:id': { replies: { 204: null } },
  'GET /api/people/:id/transcriptions': { replies: { 200: PersonTranscriptionsResponse } },
  'DELETE /api/people/:id/voice': { replies: { 204: null } },
};

const compiled = Object.entries(CONTRACT_ROUTES).map(([route, contract]) => {
  const [method, path] = route.split(' ') as [string, string];
  const pattern = new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
  return { route, method, pattern, contract };
});

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/**
 * What is wrong with one exchange, judged by the contract; [] when nothing is. JSON request bodies
 * are checked when the route declares one; replies by status: a declared success schema, the error
 * shape for 4xx/5xx with a body, the bare envelope otherwise.
 */
export function contractViolations(
  method: string,
  path: string,
  request: { body: unknown; json: boolean },
  reply: { status: number; body: unknown },
): string[] {
  const found = compiled.find((entry) => entry.method === method && entry.pattern.test(path));
  const name = found?.route ?? `${method} ${path}`;
  const problems: string[] = [];
  if (found?.contract.body && request.json) {
    const parsed = found.contract.body.safeParse(request.body);
    if (!parsed.success) problems.push(`${name}: request body breaks the contract: ${describeIssues(parsed.error)}`);
  }
  if (reply.body === undefined) return problems;
  let schema: z.ZodType | null | undefined;
  if (reply.status >= 400) schema = ErrorBody;
  else if (found) {
    schema = found.contract.replies[reply.status];
    if (schema === undefined) problems.push(`${name}: the server never answers ${reply.status}`);
    else if (schema === null) problems.push(`${name}: a ${reply.status} reply has no body`);
  }
  if (schema) {
    const parsed = schema.safeParse(reply.body);
    if (!parsed.success)
      problems.push(`${name}: ${reply.status} reply breaks the contract: ${describeIssues(parsed.error)}`);
  } else if (!found && typeof reply.body === 'object') {
    // (A string or bytes is a file download, such as an export: no envelope.)
    const envelope = reply.body as { success?: unknown } | null;
    if (envelope?.success !== true || !('data' in envelope))
      problems.push(`${name}: reply is not in the {success: true, data} envelope`);
  }
  return problems;
}
