import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

let server: TestServer;
let userId: string;
let meetingId: string;

beforeAll(async () => {
  server = await startTestServer();
  const api = apiClient(server.url);
  const user = await api.register();
  userId = user.user._id;
  const projectId = (await api.post('/api/projects', { name: 'Repo' }, user.token)).body.data._id;
  meetingId = (await uploadMeeting(server.url, user.token, projectId, { path: jfkWavPath() })).body.data._id;
});
afterAll(() => server.close());

describe('action items repository', () => {
  it('keeps imported items and replaces only generated ones, in order', async () => {
    const repo = server.ctx.repos.actionItems;
    await repo.insertMany(userId, meetingId, [{ task: 'Imported task', source: 'imported' }]);
    await repo.replaceGenerated(userId, meetingId, () => [
      { task: 'First', contextStartMs: 1500, dueDate: '2026-01-02T10:00:00.000Z' },
      { task: 'Second' },
    ]);
    await repo.replaceGenerated(userId, meetingId, (kept) => {
      // The caller sees what stays (here the imported item) before choosing what to add.
      expect(kept.map((r) => r.task)).toEqual(['Imported task']);
      return [{ task: 'Regenerated' }];
    });
    const { rows, total } = await repo.listByMeeting(userId, meetingId, 1, 50);
    expect(total).toBe(2);
    expect(rows.map((r) => [r.task, r.source])).toEqual([
      ['Imported task', 'imported'],
      ['Regenerated', 'generated'],
    ]);
    expect((await repo.listByMeeting('someone-else', meetingId, 1, 50)).total).toBe(0);
  });
});
