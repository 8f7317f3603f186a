import { ActionItemListResponse, ActionItemResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../src/jobs/worker.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { loadAmiMeeting } from '../fixtures/ami-notes.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { seedTranscribedMeeting, waitForActionItems } from '../helpers/notes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// The user's work on action items survives a regeneration (issue 24): edited, completed and hand-added
// items stay, the engine's new findings come beside them, and one of them that repeats an edited item is left out.
let server: TestServer;
let worker: Worker;
let api: ReturnType<typeof apiClient>;
let owner: { token: string; userId: string };
let projectId: string;
let meetingId: string;
const base = () => `/api/projects/${projectId}/meetings/${meetingId}/action-items`;
type Item = ActionItemListResponse['data']['actionItems'][number];
const list = async () =>
  expectSchema(ActionItemListResponse, (await api.get(base(), owner.token)).body).data.actionItems;
const regenerate = async () => {
  expect((await api.post(`${base()}/generate`, undefined, owner.token)).status).toBe(202);
  expect(await waitForActionItems(server.url, owner.token, projectId, meetingId)).toMatchObject({
    actionItemsStatus: 'completed',
  });
};

beforeAll(async () => {
  server = await startTestServer({ TRANSCRIPTION_ENGINE: 'remote', REMOTE_ASR_URL: 'http://127.0.0.1:9/v1' });
  api = apiClient(server.url);
  const user = await api.register();
  owner = { token: user.token, userId: user.user._id };
  projectId = (await api.post('/api/projects', { name: 'Remote control' }, owner.token)).body.data._id;
  meetingId = await seedTranscribedMeeting(server, owner, projectId, loadAmiMeeting('TS3005a').input.segments);
  worker = await startWorker(server.ctx);
  await regenerate();
});
afterAll(async () => {
  await worker.stop();
  await server.close();
});

describe('action items the user works on', () => {
  it('adds an item by hand (201, source manual) with a person as assignee', async () => {
    const person = (await api.post('/api/people', { name: 'Priya Shah', company: 'Acme' }, owner.token)).body.data;
    const created = await api.post(
      base(),
      { task: '  Book the usability lab  ', assigneePersonId: person._id, dueDate: '2026-03-09T00:00:00.000Z' },
      owner.token,
    );
    expect(created.status).toBe(201);
    expect(expectSchema(ActionItemResponse, created.body).data).toMatchObject({
      task: 'Book the usability lab',
      source: 'manual',
      status: 'pending',
      assignee: 'Priya Shah',
      personId: { _id: person._id, name: 'Priya Shah', company: 'Acme' },
      dueDate: '2026-03-09T00:00:00.000Z',
      context: null,
    });
    const free = await api.post(base(), { task: 'Order the clay', assignee: 'the two designers' }, owner.token);
    expect(free.body.data).toMatchObject({ assignee: 'the two designers', personId: null, source: 'manual' });

    expectError(await api.post(base(), { assignee: 'Anna' }, owner.token), 400);
    expectError(await api.post(base(), { task: '   ' }, owner.token), 400);
    const unknown = await api.post(
      base(),
      { task: 'Call the supplier', assigneePersonId: 'a'.repeat(24) },
      owner.token,
    );
    expectError(unknown, 400);
    expect(unknown.body.errors).toEqual([{ path: 'assigneePersonId', message: 'Person not found' }]);
  });

  it('changes the assignee: a person (shown by name), then free text that replaces the person, then nobody', async () => {
    const [item] = (await list()).filter((i) => i.source === 'generated');
    const person = (await api.post('/api/people', { name: 'David Kim' }, owner.token)).body.data;
    const linked = await api.patch(`${base()}/${item!._id}`, { assigneePersonId: person._id }, owner.token);
    expect(expectSchema(ActionItemResponse, linked.body).data).toMatchObject({
      assignee: 'David Kim',
      personId: { _id: person._id, name: 'David Kim' },
    });
    expect(linked.body.data.editedAt).toEqual(expect.any(String));
    const typed = await api.patch(`${base()}/${item!._id}`, { assignee: 'Marketing team' }, owner.token);
    expect(typed.body.data).toMatchObject({ assignee: 'Marketing team', personId: null });
    const nobody = await api.patch(`${base()}/${item!._id}`, { assignee: null, assigneePersonId: null }, owner.token);
    expect(nobody.body.data).toMatchObject({ assignee: null, personId: null });
  });

  it('regenerating keeps edited, completed and hand-added items and merges the findings that repeat them', async () => {
    const generated = (await list()).filter((i) => i.source === 'generated');
    const requirement = generated.find((i) => /user requirement spec/i.test(i.task))!;
    const technical = generated.find((i) => /technical functions/i.test(i.task))!;
    expect(requirement && technical).toBeTruthy();
    await api.patch(
      `${base()}/${requirement._id}`,
      { task: 'Write the user requirement specification for the remote', dueDate: '2026-03-10T00:00:00.000Z' },
      owner.token,
    );
    await api.patch(`${base()}/${technical._id}`, { status: 'completed' }, owner.token);
    const before = await list();

    await regenerate();
    const after = await list();
    const byId = new Map(after.map((i) => [i._id, i]));
    expect(byId.get(requirement._id)).toMatchObject({
      task: 'Write the user requirement specification for the remote',
      dueDate: '2026-03-10T00:00:00.000Z',
      source: 'generated',
    });
    expect(byId.get(technical._id)).toMatchObject({ status: 'completed' });
    for (const manual of before.filter((i) => i.source === 'manual')) expect(byId.get(manual._id)).toEqual(manual);
    // The engine found both tasks again: each is there once, in the user's version.
    expect(after.filter((i) => /requirement spec/i.test(i.task))).toHaveLength(1);
    expect(after.filter((i) => /technical functions/i.test(i.task))).toHaveLength(1);
    // Untouched generated items were replaced by the new run (same findings, new rows).
    const untouched = before.filter((i: Item) => i.source === 'generated' && i.editedAt === null);
    for (const item of untouched) expect(byId.has(item._id)).toBe(false);
    expect(after.length).toBe(before.length);
  });

  it('another user reaches none of it (404), and cannot link someone else’s person', async () => {
    const other = await api.register();
    const [item] = await list();
    expectError(await api.post(base(), { task: 'Sneak in a task' }, other.token), 404);
    expectError(await api.patch(`${base()}/${item!._id}`, { assignee: 'Me' }, other.token), 404);
    const theirPerson = (await api.post('/api/people', { name: 'Their Contact' }, other.token)).body.data;
    expectError(await api.patch(`${base()}/${item!._id}`, { assigneePersonId: theirPerson._id }, owner.token), 400);
    expectError(await api.post(base(), { task: 'X task', assigneePersonId: theirPerson._id }, owner.token), 400);
  });
});
