import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db } from './database.ts';
import * as initial from './migrations/001-initial.ts';
import * as hardening from './migrations/002-hardening.ts';
import * as aiNotes from './migrations/003-ai-notes.ts';
import * as search from './migrations/004-search.ts';
import * as oidc from './migrations/006-oidc.ts';
import * as embeddings from './migrations/007-embeddings.ts';
import * as searchSpeed from './migrations/008-search-speed.ts';
import * as hostileInput from './migrations/021-hostile-input.ts';
import * as hiddenImports from './migrations/021b-hidden-imports.ts';
import * as recordingReach from './migrations/021c-recording-reach.ts';
import * as hiddenMeetings from './migrations/021d-hidden-meetings.ts';
import * as voiceProfiles from './migrations/023-voice-profiles.ts';
import * as actionItemEdits from './migrations/024-action-item-edits.ts';
import * as summaryTemplates from './migrations/024b-summary-templates.ts';
import * as recordings from './migrations/025-recordings.ts';
import * as jobsRunAgain from './migrations/025b-jobs-run-again.ts';
import * as speakerSearch from './migrations/026-speaker-search.ts';
import * as speakerIndexOrder from './migrations/026b-speaker-index-order.ts';
import * as apiTokens from './migrations/027-api-tokens.ts';
import * as webhooks from './migrations/027b-webhooks.ts';
import * as shares from './migrations/027c-shares.ts';
import * as retention from './migrations/027d-retention.ts';
import * as actionItemsPerson from './migrations/027e-action-items-person.ts';
import * as teams from './migrations/028-teams.ts';
import * as callRecordings from './migrations/028b-call-recordings.ts';
import * as meetingSpeakerIndex from './migrations/029-meeting-speaker-index.ts';
import * as audioChannels from './migrations/029b-audio-channels.ts';
import * as liveSegmentSide from './migrations/030-live-segment-side.ts';
import * as peopleNameWords from './migrations/031-people-name-words.ts';

// Migrations are listed in code (not read from a folder) so they work the same from source and tests.
export const MIGRATIONS: Record<string, Migration> = {
  '001-initial': initial,
  '002-hardening': hardening,
  '003-ai-notes': aiNotes,
  '004-search': search,
  '006-oidc': oidc,
  '007-embeddings': embeddings,
  '008-search-speed': searchSpeed,
  '021-hostile-input': hostileInput,
  '021b-hidden-imports': hiddenImports,
  '021c-recording-reach': recordingReach,
  '021d-hidden-meetings': hiddenMeetings,
  '023-voice-profiles': voiceProfiles,
  '024-action-item-edits': actionItemEdits,
  '024b-summary-templates': summaryTemplates,
  '025-recordings': recordings,
  '025b-jobs-run-again': jobsRunAgain,
  '026-speaker-search': speakerSearch,
  '026b-speaker-index-order': speakerIndexOrder,
  '027-api-tokens': apiTokens,
  '027b-webhooks': webhooks,
  '027c-shares': shares,
  '027d-retention': retention,
  '027e-action-items-person': actionItemsPerson,
  '028-teams': teams,
  '028b-call-recordings': callRecordings,
  '029-meeting-speaker-index': meetingSpeakerIndex,
  '029b-audio-channels': audioChannels,
  '030-live-segment-side': liveSegmentSide,
  '031-people-name-words': peopleNameWords,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'parley_migrations',
    migrationLockTableName: 'parley_migration_lock',
    // Branches add their numbered migrations independently: a database that already ran a later one
    // (006) must still accept an earlier number merged after it (002).
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`,
    );
  }
}
