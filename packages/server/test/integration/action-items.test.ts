import { ActionItemListResponse, ActionItemResponse, GenerateActionItemsResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../src/jobs/worker.ts';
import { actionItemsJobKey } from '../../src/services/job-keys.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { loadAmiMeeting } from '../fixtures/ami-notes.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { seedTranscribedMeeting, waitForActionItems } from '../helpers/notes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// The builtin engine on a real meeting (AMI TS3005a, where the team is given its tasks at the end).
// Transcription is not under test: the worker gets a remote ASR address it never needs.
let server: TestServer;
let worker: Worker | undefined;
let api: ReturnType<typeof apiClient>;
let owner: { token: string; userId: string };
let projectId: string;
let meetingId: string;
const base = () => `/api/projects/${projectId}/meetings/${meetingId}/action-items`;

beforeAll(async () => {
  server = await startTestServer({ TRANSCRIPTION_ENGINE: 'remote', REMOTE_ASR_URL: 'http://127.0.0.1:9/v1' });
  api = apiClient(server.url);
  const user = await api.register();
  owner = { token: user.token, userId: user.user._id };
  projectId = (await api.post('/api/projects', { name: 'Remote control' }, owner.token)).body.data._id;
  meetingId = await seedTranscribedMeeting(server, owner, projectId, loadAmiMeeting('TS3005a').input.segments);
});
afterAll(async () => {
  await worker?.stop();
  await server.close();
});

describe('action items', () => {
  it('generates as a job: processing, a second request refused, then completed with items from the meeting', async () => {
    const started = await api.post(`${base()}/generate`, undefined, owner.token);
    expect(started.status).toBe(202);
    expect(expectSchema(GenerateActionItemsResponse, started.body).data).toMatchObject({
      actionItemsStatus: 'processing',
      actionItemsProgress: 0,
    });
    expectError(await api.post(`${base()}/generate`, undefined, owner.token), 409);
    expect(await server.ctx.repos.jobs.findByKey(actionItemsJobKey(meetingId))).toMatchObject({ status: 'queued' });

    worker = await startWorker(server.ctx);
    const meeting = await waitForActionItems(server.url, owner.token, projectId, meetingId);
    expect(meeting).toMatchObject({ actionItemsStatus: 'completed', actionItemsProgress: 100 });

    const list = expectSchema(ActionItemListResponse, (await api.get(base(), owner.token)).body).data;
    expect(list.pagination).toMatchObject({ page: 1, limit: 50, total: list.actionItems.length });
    const tasks = list.actionItems.map((item) => item.task.toLowerCase());
    // The project manager hands out "the user requirement specification" and "the technical functions design".
    expect(tasks.some((t) => t.includes('user requirement'))).toBe(true);
    expect(tasks.some((t) => t.includes('technical functions'))).toBe(true);
    for (const item of list.actionItems) {
      // What the engine wrote can be saved back unchanged by the edit form.
      const resaved = await api.patch(`${base()}/${item._id}`, { task: item.task, context: item.context }, owner.token);
      expect(resaved.status, JSON.stringify(resaved.body)).toBe(200);
      expect(item.status).toBe('pending');
      expect(item.source).toBe('generated');
      expect(item.context).toBeTruthy();
      expect(item.contextStartTime).toBeGreaterThan(0);
    }
  });

  it('pages with page and limit', async () => {
    const all = (await api.get(base(), owner.token)).body.data;
    const second = expectSchema(
      ActionItemListResponse,
      (await api.get(`${base()}?page=2&limit=1`, owner.token)).body,
    ).data;
    expect(second.pagination).toEqual({ page: 2, limit: 1, total: all.pagination.total, pages: all.pagination.total });
    expect(second.actionItems[0]!._id).toBe(all.actionItems[1]._id);
    expectError(await api.get(`${base()}?page=0`, owner.token), 400);
    expectError(await api.get(`${base()}?limit=1000`, owner.token), 400);
  });

  it('updates status, text, due date, assignee and person; refuses bad values', async () => {
    const [item] = (await api.get(base(), owner.token)).body.data.actionItems;
    const person = (await api.post('/api/people', { name: 'Rosa Marketing', company: 'Real Reaction' }, owner.token))
      .body.data;
    const updated = await api.patch(
      `${base()}/${item._id}`,
      {
        status: 'in_progress',
        task: '  Book the usability lab for the prototype test  ',
        context: 'Said at the end',
        dueDate: '2026-03-06T17:00:00+01:00',
        assignee: 'Rosa',
        personId: person._id,
      },
      owner.token,
    );
    expect(updated.status).toBe(200);
    expect(expectSchema(ActionItemResponse, updated.body).data).toMatchObject({
      status: 'in_progress',
      task: 'Book the usability lab for the prototype test',
      context: 'Said at the end',
      dueDate: '2026-03-06T16:00:00.000Z',
      assignee: 'Rosa',
      personId: { _id: person._id, name: 'Rosa Marketing', company: 'Real Reaction' },
    });
    const cleared = await api.patch(`${base()}/${item._id}`, { dueDate: null, personId: null }, owner.token);
    expect(cleared.body.data).toMatchObject({ dueDate: null, personId: null, status: 'in_progress' });

    expectError(await api.patch(`${base()}/${item._id}`, { status: 'done' }, owner.token), 400);
    expectError(await api.patch(`${base()}/${item._id}`, { task: '   ' }, owner.token), 400);
    expectError(await api.patch(`${base()}/${item._id}`, { dueDate: 'next friday' }, owner.token), 400);
    expectError(await api.patch(`${base()}/${item._id}`, {}, owner.token), 400);
    const unknownPerson = await api.patch(`${base()}/${item._id}`, { personId: 'a'.repeat(24) }, owner.token);
    expectError(unknownPerson, 400);
    expect(unknownPerson.body.errors).toEqual([{ path: 'personId', message: 'Person not found' }]);
    expectError(await api.patch(`${base()}/${'b'.repeat(24)}`, { status: 'completed' }, owner.token), 404);
  });

  it('regenerating replaces the untouched generated items and keeps imported and edited ones', async () => {
    const before = (await api.get(base(), owner.token)).body.data;
    await server.ctx.repos.actionItems.insertMany(owner.userId, meetingId, [
      { task: 'Imported from the old tool', source: 'imported' },
    ]);
    expect((await api.post(`${base()}/generate`, undefined, owner.token)).status).toBe(202);
    await waitForActionItems(server.url, owner.token, projectId, meetingId);
    const after = (await api.get(base(), owner.token)).body.data;
    // The imported item, and the engine's finding beside the item the user rewrote into another task.
    expect(after.pagination.total).toBe(before.pagination.total + 2);
    expect(after.actionItems.filter((i: { source: string }) => i.source === 'imported')).toHaveLength(1);
    // The item edited above stays as the user left it (action-items-edits.test.ts covers the rest).
    expect(after.actionItems.filter((i: { status: string }) => i.status === 'in_progress')).toHaveLength(1);
  });

  it('deletes an item with 204, then 404', async () => {
    const [item] = (await api.get(base(), owner.token)).body.data.actionItems;
    const removed = await api.delete(`${base()}/${item._id}`, owner.token);
    expect(removed.status).toBe(204);
    expectError(await api.delete(`${base()}/${item._id}`, owner.token), 404);
  });

  it('refuses generation before the meeting is transcribed', async () => {
    const { uploadMeeting } = await import('../helpers/uploads.ts');
    const { jfkWavPath } = await import('../fixtures/audio.ts');
    await worker?.stop();
    const pending = (await uploadMeeting(server.url, owner.token, projectId, { path: jfkWavPath() })).body.data._id;
    const res = await api.post(
      `/api/projects/${projectId}/meetings/${pending}/action-items/generate`,
      undefined,
      owner.token,
    );
    expectError(res, 409);
    expect(res.body.message).toBe('The meeting has not been transcribed yet');
  });

  it('deleting the meeting deletes its items and its pending job', async () => {
    await api.post(`${base()}/generate`, undefined, owner.token);
    expect(await server.ctx.repos.jobs.findByKey(actionItemsJobKey(meetingId))).toBeDefined();
    expect((await api.delete(`/api/projects/${projectId}/meetings/${meetingId}`, owner.token)).status).toBe(204);
    expect(await server.ctx.repos.jobs.findByKey(actionItemsJobKey(meetingId))).toBeUndefined();
    const left = await server.ctx.db
      .selectFrom('action_items')
      .select('id')
      .where('meeting_id', '=', meetingId)
      .execute();
    expect(left).toEqual([]);
  });
});
