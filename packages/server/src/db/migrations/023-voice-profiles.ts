import type { Kysely } from 'kysely';

// Speakers by name (docs/decisions/130-132).
// - segment_voices: each machine-transcribed segment's voice statistics (text: base64 float32 count,
//   mean and covariance of MFCC frames; never audio), going with the segment.
// - voice_samples: what one meeting taught about one person's voice (the sum of the voices of the
//   segments assigned to them there); a person's profile is the sum of their samples, and the number of
//   samples is the number of meetings it was learned from. Gone with the person or the meeting.
// - speaker_suggestion_dismissals: "Not them": this label of this meeting is never suggested as this
//   person (or this name, for a name without a person) again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('segment_voices')
    .addColumn('segment_id', 'text', (c) => c.primaryKey().references('transcriptions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('voice', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('segment_voices_meeting').on('segment_voices').column('meeting_id').execute();
  await db.schema.createIndex('segment_voices_user').on('segment_voices').column('user_id').execute();

  await db.schema
    .createTable('voice_samples')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('voice', 'text', (c) => c.notNull())
    .addColumn('seconds', 'real', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('voice_samples_person_meeting', ['person_id', 'meeting_id'])
    .execute();
  await db.schema.createIndex('voice_samples_user').on('voice_samples').columns(['user_id', 'person_id']).execute();
  await db.schema.createIndex('voice_samples_meeting').on('voice_samples').column('meeting_id').execute();

  await db.schema
    .createTable('speaker_suggestion_dismissals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('speaker', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('speaker_suggestion_dismissals_meeting')
    .on('speaker_suggestion_dismissals')
    .column('meeting_id')
    .execute();
  await db.schema
    .createIndex('speaker_suggestion_dismissals_user')
    .on('speaker_suggestion_dismissals')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('speaker_suggestion_dismissals').ifExists().execute();
  await db.schema.dropTable('voice_samples').ifExists().execute();
  await db.schema.dropTable('segment_voices').ifExists().execute();
}
