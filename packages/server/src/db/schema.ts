// Table types for Kysely. Dates are ISO-8601 text and booleans are 0/1 integers in both SQLite and
// PostgreSQL, so one query layer serves both (docs/decisions/002-one-schema-for-two-databases.md).
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
  avatar: string | null;
  tier: string;
  monthly_duration_limit: number | null;
  max_file_size: number | null;
  /** Bumped by a password change: session tokens carrying an older version stop working. */
  session_version: number;
  /** The one session that changed the password, kept signed in across the bump. */
  kept_session_id: string | null;
  /** Added by 028-teams: 'admin' runs the instance, 'user' does not. */
  role?: string;
  /** Added by 028-teams: 1 when an admin disabled the account (no sign-in, no session, no token). */
  disabled?: number;
  created_at: string;
  updated_at: string;
}

export interface ProjectsTable {
  id: string;
  user_id: string;
  name: string;
  /** projectNameKey(name): unique per user, so names differ by more than case and spaces. */
  name_key: string | null;
  description: string | null;
  /** The summary template generation uses by default (migration 024b); null: the built-in one. */
  summary_template_id: string | null;
  /** Added by 027d: recordings of this project are deleted after this many days (null: kept). */
  audio_retention_days?: number | null;
  created_at: string;
  updated_at: string;
}

/** A user's summary template (migration 024b). */
export interface SummaryTemplatesTable {
  id: string;
  user_id: string;
  name: string;
  /** JSON array of {heading, instruction}. */
  sections: string;
  created_at: string;
  updated_at: string;
}

export interface PeopleTable {
  id: string;
  user_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  notes: string | null;
  social_linkedin: string | null;
  social_twitter: string | null;
  social_facebook: string | null;
  social_instagram: string | null;
  social_github: string | null;
  /** Added by 031 (decision 291): the name's lower-case words and their stems, for the name lookup in SQL. */
  name_words: string;
  name_stems: string;
  created_at: string;
  updated_at: string;
}

export interface MeetingsTable {
  id: string;
  user_id: string;
  project_id: string;
  title: string;
  description: string | null;
  duration_ms: number;
  recording_type: string;
  audio_key: string | null;
  audio_mime: string | null;
  audio_size: number | null;
  audio_name: string | null;
  transcription_status: string;
  transcription_progress: number;
  transcription_error: string | null;
  summary: string | null;
  action_items_status: string;
  action_items_progress: number;
  action_items_error: string | null;
  // Added by 003-ai-notes; optional so code that builds a new meeting row need not name them.
  summary_lease_id?: string | null;
  summary_lease_until?: string | null;
  summary_generated_at?: string | null;
  summary_engine?: string | null;
  /** Added by 027d: when the recording was deleted, the transcript kept. */
  audio_deleted_at?: string | null;
  // Added by 025-recordings (chunked recording, decision 150).
  recording_state?: string | null;
  recording_mime?: string | null;
  recording_last_chunk_at?: string | null;
  recording_finished_by?: string | null;
  /** Added by 028-teams: who recorded, uploaded or imported it (their meter counts it); null before 028. */
  created_by?: string | null;
  /** Added by 028b (decision 241): 'call' for a call recorded in Parley (microphone left, tab right). */
  recording_source?: string | null;
  /** Added by 029b (decision 271): the recording's channels, read when it is transcribed; null before. */
  audio_channels?: number | null;
  /** Added by 021c (decision 193): how far the accepted chunks reach; an MP4 recording's ticks a second. */
  recording_reached_ms?: number | null;
  recording_timescale?: number | null;
  /** Added by 021b, named by 021d: set while the meeting is written (import) or removed; invisible until null. */
  hidden_since?: string | null;
  created_at: string;
  updated_at: string;
}

export interface RecordingChunksTable {
  meeting_id: string;
  user_id: string;
  seq: number;
  storage_key: string;
  size: number;
  created_at: string;
}

export interface LiveSegmentsTable {
  meeting_id: string;
  user_id: string;
  /** Added by 030 (decision 250): a call's side (0 the microphone, 1 the tab); 0 for a recording heard as one mix. */
  side: Generated<number>;
  start_ms: number;
  end_ms: number;
  text: string;
  /** 1 once the phrase has ended; 0 while it may still change */
  final: number;
}

export interface LiveProgressTable {
  meeting_id: string;
  received_ms: number;
  /** Audio up to here has final live words: side 0's for a call. */
  final_ms: number;
  /** Added by 030 (decision 250): side 1's final point for a call; null for every other recording. */
  side1_final_ms: number | null;
  updated_at: string;
}

export interface TranscriptionsTable {
  id: string;
  user_id: string;
  meeting_id: string;
  /** Indexed lower-cased, then user_id (migrations 026-speaker-search, 026b), and by meeting (029): a label is searchable. */
  speaker: string;
  person_id: string | null;
  text: string;
  is_edited: number;
  start_ms: number;
  end_ms: number;
  created_at: string;
  updated_at: string;
}

export interface UsageEventsTable {
  id: string;
  user_id: string;
  meeting_id: string | null;
  seconds: number;
  year: number;
  month: number;
  created_at: string;
}

export interface JobsTable {
  id: string;
  user_id: string | null;
  name: string;
  payload: string;
  idempotency_key: string;
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /** The fair queue's turn (migration 021, decision 107): lower turns are claimed first. */
  turn: Generated<number>;
  /** 1 when a catch-up job was enqueued again while it ran: it runs once more (migration 025b). */
  run_again: Generated<number>;
}

/** Every word a user's transcripts have used: where misspellings and sound-alikes are looked up. */
export interface SearchVocabularyTable {
  user_id: string;
  word: string;
  /** How many of the user's segments have contained the word (only grows; migration 008). */
  segments: Generated<number>;
}

/** The Double Metaphone keys of each vocabulary word (src/lib/words/phonetic.ts). */
export interface SearchVocabularySoundsTable {
  user_id: string;
  sound: string;
  word: string;
}

/** A segment's vector for semantic search (migration 007-embeddings): little-endian Float32, unit length. */
export interface SegmentEmbeddingsTable {
  segment_id: string;
  user_id: string;
  meeting_id: string;
  model: string;
  dimension: number;
  content_hash: string;
  vector: Buffer;
  created_at: string;
}

/** A machine-transcribed segment's voice statistics (migration 023; audio/voice-stats.ts encodeVoice). */
export interface SegmentVoicesTable {
  segment_id: string;
  user_id: string;
  meeting_id: string;
  voice: string;
}

/** What one meeting taught about one person's voice (migration 023): the sum of their segments' voices. */
export interface VoiceSamplesTable {
  id: string;
  user_id: string;
  person_id: string;
  meeting_id: string;
  voice: string;
  seconds: number;
  updated_at: string;
}

/** "Not them" on a speaker suggestion (migration 023); person_id null for a name without a person. */
export interface SpeakerSuggestionDismissalsTable {
  id: string;
  user_id: string;
  meeting_id: string;
  speaker: string;
  person_id: string | null;
  name: string;
  created_at: string;
}

export interface LoginThrottleTable {
  /** `account:<email>` or `address:<ip>` */
  key: string;
  attempts: number;
  window_start: string;
}

export interface IdentitiesTable {
  id: string;
  user_id: string;
  issuer: string;
  subject: string;
  email: string | null;
  created_at: string;
  last_used_at: string;
}

export interface OidcFlowsTable {
  id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  expires_at: string;
  created_at: string;
}

export interface ActionItemsTable {
  id: string;
  user_id: string;
  meeting_id: string;
  task: string;
  context: string | null;
  context_start_ms: number | null;
  assignee: string | null;
  person_id: string | null;
  due_date: string | null;
  /** pending | in_progress | completed */
  status: string;
  /** generated | imported | manual: regenerating replaces only 'generated' rows */
  source: string;
  position: number;
  /** When the user last changed the item (migration 024); null for untouched ones. Regenerating keeps edited items. */
  edited_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A personal access token (migration 027): only its SHA-256 is stored. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  /** read | write */
  scope: string;
  token_hash: string;
  prefix: string;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

/** A session signed out before its expiry (migration 021). */
export interface RevokedSessionsTable {
  session_id: string;
  user_id: string;
  expires_at: string;
}

/** A one-time sign-in code for the web app's landing, bound to one browser (migration 021). */
export interface SignInCodesTable {
  code_hash: string;
  browser_hash: string;
  user_id: string;
  expires_at: string;
}

export interface WebhooksTable {
  id: string;
  user_id: string;
  url: string;
  /** JSON array of event names */
  events: string;
  secret: string;
  created_at: string;
  updated_at: string;
}

/** One event for one endpoint (migration 027b); `body` is the exact JSON posted on every attempt. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  user_id: string;
  event: string;
  body: string;
  /** pending | delivered | failed */
  status: string;
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  /** When a pending delivery may be tried (again); null once it is finished. */
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** A share link (migration 027c): anyone with the token reads the meeting until it expires or is deleted. */
export interface MeetingSharesTable {
  id: string;
  user_id: string;
  meeting_id: string;
  token: string;
  include_audio: number;
  expires_at: string | null;
  created_at: string;
}

/** Added by 028-teams: who may do what in a project (docs/decisions/220). */
export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  role: 'owner' | 'editor' | 'viewer';
  added_at: string;
}

export interface Database {
  users: UsersTable;
  projects: ProjectsTable;
  summary_templates: SummaryTemplatesTable;
  people: PeopleTable;
  meetings: MeetingsTable;
  transcriptions: TranscriptionsTable;
  usage_events: UsageEventsTable;
  jobs: JobsTable;
  search_vocabulary: SearchVocabularyTable;
  search_vocabulary_sounds: SearchVocabularySoundsTable;
  login_throttle: LoginThrottleTable;
  identities: IdentitiesTable;
  oidc_flows: OidcFlowsTable;
  action_items: ActionItemsTable;
  segment_embeddings: SegmentEmbeddingsTable;
  recording_chunks: RecordingChunksTable;
  live_segments: LiveSegmentsTable;
  live_progress: LiveProgressTable;
  segment_voices: SegmentVoicesTable;
  voice_samples: VoiceSamplesTable;
  speaker_suggestion_dismissals: SpeakerSuggestionDismissalsTable;
  api_tokens: ApiTokensTable;
  revoked_sessions: RevokedSessionsTable;
  sign_in_codes: SignInCodesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  meeting_shares: MeetingSharesTable;
  project_members: ProjectMembersTable;
}

export type { Generated };
