// A small library built from the AMI meeting transcripts (../shared/data/ami-notes): one user, one
// project, one meeting per AMI meeting, segments written through the repository the transcription job
// uses (so the search index is kept exactly as in production). Used by the search-quality and the
// question-answering benchmarks. SQLite in a temporary folder, or PostgreSQL when DATABASE_URL is set.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../packages/server/src/config.ts';
import { createContext } from '../packages/server/src/context.ts';
import { newId } from '../packages/server/src/lib/ids.ts';
import { type AmiReference, loadAmiMeeting } from '../packages/server/test/fixtures/ami-notes.ts';

export interface LibrarySegment {
  id: string;
  meetingId: string;
  ami: string;
  speaker: string;
  text: string;
  startMs: number;
}

/** Dev / held-out: thresholds are chosen on the ES and IS series, figures reported on the TS series. */
export const splitOf = (ami: string) => (ami.startsWith('TS') ? 'held-out' : 'dev');

export async function amiLibrary(meetings: string[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-ami-library-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RUN_WORKER: 'false',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const ctx = await createContext(config, pino({ level: 'silent' }));
  const user = await ctx.repos.users.create({
    name: 'Bench',
    email: `bench-${newId()}@example.com`,
    passwordHash: null,
  });
  const projectId = (await ctx.services.projects.create(user.id, { name: `AMI ${newId()}` }))._id;
  const references = new Map<string, AmiReference>();
  const meetingIds = new Map<string, string>();
  const day = Date.parse('2026-03-02T10:00:00Z');
  for (const [i, ami] of meetings.entries()) {
    const { input, reference } = loadAmiMeeting(ami);
    references.set(ami, reference);
    const id = newId();
    meetingIds.set(ami, id);
    const at = new Date(day + i * 86_400_000).toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('meetings')
        .values({
          id,
          user_id: user.id,
          project_id: projectId,
          title: `Design meeting ${ami}`,
          recording_type: 'upload',
          transcription_status: 'completed',
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      await ctx.repos.transcriptions.replaceForMeeting(trx, user.id, id, input.segments);
    });
  }
  const segments: LibrarySegment[] = [];
  for (const [ami, meetingId] of meetingIds) {
    for (const row of await ctx.repos.transcriptions.listAllForMeeting(user.id, meetingId)) {
      segments.push({ id: row.id, meetingId, ami, speaker: row.speaker, text: row.text, startMs: row.start_ms });
    }
  }
  return { ctx, userId: user.id, projectId, meetingIds, references, segments };
}

export type AmiLibrary = Awaited<ReturnType<typeof amiLibrary>>;
