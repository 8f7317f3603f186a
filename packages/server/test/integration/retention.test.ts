import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MeetingResponse, ProjectResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingLifecycle } from '../../src/services/meeting-lifecycle.ts';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { type FakeS3, startFakeS3 } from '../helpers/fake-s3.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// Retention (docs/decisions/173): recordings go, transcripts, notes and counted usage stay; on local
// files and in an S3-compatible bucket (the s3rver fake).
const DAY = 86_400_000;

function recordedFiles(server: TestServer): string[] {
  const dir = join(server.ctx.config.dataDir, 'audio');
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => join(d.parentPath, d.name))
    : [];
}

describe.each(['local', 's3'] as const)('recordings in %s storage', (kind) => {
  let s3: FakeS3 | undefined;
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let token: string;
  let userId: string;
  /** What the store holds, as keys relative to it. */
  let stored: () => Promise<string[]>;

  beforeAll(async () => {
    s3 = kind === 's3' ? await startFakeS3() : undefined;
    server = await startTestServer(s3?.env ?? {});
    api = apiClient(server.url);
    ({
      token,
      user: { _id: userId },
    } = await api.register());
    const audioRoot = join(server.ctx.config.dataDir);
    stored = s3 ? () => s3!.keys() : async () => recordedFiles(server).map((f) => f.slice(audioRoot.length + 1));
  });
  afterAll(async () => {
    await server?.close();
    await s3?.stop();
  });

  /** A finished meeting with a transcript, recorded `daysAgo` days ago. */
  async function finishedMeeting(projectId: string, title: string, daysAgo: number) {
    const res = await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() }, { title });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data._id as string;
    await server.ctx.db.transaction().execute(async (trx) => {
      await server.ctx.repos.transcriptions.replaceForMeeting(trx, userId, id, [
        { speaker: 'Speaker 1', text: `Words of ${title}.`, startMs: 0, endMs: 1000 },
      ]);
      await meetingLifecycle(server.ctx.repos).transcribed(trx, id, {});
      await server.ctx.repos.meetings.updateById(trx, id, {
        created_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
      });
    });
    const key = (await server.ctx.repos.meetings.findById(id))!.audio_key!;
    return { id, key };
  }

  it('"Delete recording, keep transcript": 204, then the audio routes answer 404', async () => {
    const projectId = (await api.post('/api/projects', { name: `Manual ${kind}` }, token)).body.data._id;
    const meeting = await finishedMeeting(projectId, 'Keep the words', 0);
    const kept = await finishedMeeting(projectId, 'Untouched', 0);
    const usageBefore = (await api.get('/api/users/me', token)).body.data.currentMonthUsage.duration;
    const base = `/api/projects/${projectId}/meetings/${meeting.id}`;

    const other = await api.register();
    expectError(await api.delete(`${base}/audio`, other.token), 404);
    expect((await api.delete(`${base}/audio`, token)).status).toBe(204);

    expectError(await api.get(`${base}/audio`, token), 404, 'Recording not found');
    expect((await api.get(`${base}/audio-url`, token)).status).toBe(404);
    const after = expectSchema(MeetingResponse, (await api.get(base, token)).body).data;
    expect(Date.parse(after.audioDeletedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(after.metadata.audio).toBeUndefined();
    const transcript = (await api.get(`/api/meetings/${meeting.id}/transcriptions`, token)).body.data;
    expect(transcript.transcriptions.map((s: { text: string }) => s.text)).toEqual(['Words of Keep the words.']);
    expect((await api.get('/api/users/me', token)).body.data.currentMonthUsage.duration).toBe(usageBefore);

    const keys = await stored();
    expect(keys.some((k) => k.endsWith(meeting.key))).toBe(false);
    expect(keys.some((k) => k.endsWith(kept.key))).toBe(true);
    expectError(await api.delete(`${base}/audio`, token), 404, 'Recording not found');
  });

  it('the daily job removes exactly the recordings older than the project keeps them', async () => {
    const projectId = (await api.post('/api/projects', { name: `Policy ${kind}` }, token)).body.data._id;
    const otherProject = (await api.post('/api/projects', { name: `No policy ${kind}` }, token)).body.data._id;
    const old = await finishedMeeting(projectId, 'Forty days old', 40);
    const recent = await finishedMeeting(projectId, 'Ten days old', 10);
    const oldElsewhere = await finishedMeeting(otherProject, 'Old, kept forever', 400);

    const set = await api.put(`/api/projects/${projectId}`, { audioRetentionDays: 30 }, token);
    expect(expectSchema(ProjectResponse, set.body).data.audioRetentionDays).toBe(30);
    expectError(await api.put(`/api/projects/${projectId}`, { audioRetentionDays: 0 }, token), 400);
    expectError(await api.put(`/api/projects/${projectId}`, { audioRetentionDays: 2.5 }, token), 400);

    const usageBefore = (await api.get('/api/users/me', token)).body.data.currentMonthUsage.duration;
    expect(await server.ctx.services.meetings.applyRetention()).toBe(1);

    const keys = await stored();
    expect(keys.some((k) => k.endsWith(old.key))).toBe(false);
    expect(keys.some((k) => k.endsWith(recent.key))).toBe(true);
    expect(keys.some((k) => k.endsWith(oldElsewhere.key))).toBe(true);
    const gone = (await api.get(`/api/projects/${projectId}/meetings/${old.id}`, token)).body.data;
    // Deleted by this run: a moment ago, not the meeting's own (40 days old) date.
    expect(Date.parse(gone.audioDeletedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(gone.audioDeletedAt)).toBeLessThanOrEqual(Date.now());
    expect(gone.transcriptionStatus).toBe('completed');
    expect(
      (await api.get(`/api/projects/${projectId}/meetings/${recent.id}`, token)).body.data.audioDeletedAt,
    ).toBeUndefined();
    expect((await api.get(`/api/meetings/${old.id}/transcriptions`, token)).body.data.transcriptions).toHaveLength(1);
    expect((await api.get('/api/users/me', token)).body.data.currentMonthUsage.duration).toBe(usageBefore);

    // A second run finds nothing more; clearing the setting keeps everything from then on.
    expect(await server.ctx.services.meetings.applyRetention()).toBe(0);
    const cleared = await api.put(`/api/projects/${projectId}`, { audioRetentionDays: null }, token);
    expect(cleared.body.data.audioRetentionDays).toBeNull();
  });
});
