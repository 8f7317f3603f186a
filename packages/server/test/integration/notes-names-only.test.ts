import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../src/jobs/worker.ts';
import { loadNotesInput } from '../../src/services/notes-input.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { apiClient } from '../helpers/api.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.ts';
import { seedTranscribedMeeting, waitForActionItems } from '../helpers/notes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// The notes of a shared project's meeting are read by every member (issue 37), who may see a linked
// contact's name and nothing else of it (decision 266). The notes engines are given the holder's
// contacts by name only (decision 291): a company they are not given, no model can write into the notes.
let fake: FakeOpenAi;
let server: TestServer;
let worker: Worker | undefined;
let api: ReturnType<typeof apiClient>;
type Account = { token: string; userId: string; projectId: string };
let ann: Account;
let bob: Account;
let priya = '';
let meeting = '';
const COMPANY = 'Raman Consulting GmbH';

beforeAll(async () => {
  fake = await startFakeOpenAi(() => ({
    content: JSON.stringify({
      actionItems: [
        {
          task: 'Send the centrifuge quote',
          assignee: 'Priya Raman',
          dueDate: null,
          context: 'I will send the centrifuge quote.',
          time: '0:00',
        },
      ],
    }),
  }));
  server = await startTestServer({ AI_ENGINE: 'openai', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'llama3.1' });
  api = apiClient(server.url);
  for (const name of ['ann', 'bob'] as const) {
    const { token, user, projectId } = await api.registerWithProject(`${name}'s`, name, `${name}@example.com`);
    const account = { token, userId: user._id, projectId };
    if (name === 'ann') ann = account;
    else bob = account;
  }
  priya = (await api.post('/api/people', { name: 'Priya Raman', company: COMPANY }, ann.token)).body.data._id;
  meeting = await seedTranscribedMeeting(server, ann, ann.projectId, [
    {
      speaker: 'Speaker 1',
      personId: null,
      personName: null,
      text: 'I will send the centrifuge quote.',
      startMs: 0,
      endMs: 3000,
    },
  ]);
  await server.ctx.repos.transcriptions.assignSpeaker(ann.userId, meeting, 'Speaker 1', priya);
  const added = await api.post(
    `/api/projects/${ann.projectId}/members`,
    { email: 'bob@example.com', role: 'editor' },
    ann.token,
  );
  expect(added.status, JSON.stringify(added.body)).toBe(201);
});
afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await fake?.close();
});

describe('the notes engines and the holder’s contacts', () => {
  it('are given each contact’s name and nothing else of it', async () => {
    const row = await server.ctx.repos.meetings.findById(meeting);
    const input = await loadNotesInput(server.ctx.repos, row!);
    expect(input.people).toEqual([{ id: priya, name: 'Priya Raman' }]);
    expect(JSON.stringify(input)).not.toContain(COMPANY);
  });

  it('write action items an editor reads by the contact’s name, with no company asked or shown', async () => {
    const base = `/api/projects/${ann.projectId}/meetings/${meeting}/action-items`;
    const queued = await api.post(`${base}/generate`, undefined, bob.token);
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    worker = await startWorker(server.ctx);
    expect(await waitForActionItems(server.url, bob.token, ann.projectId, meeting)).toMatchObject({
      actionItemsStatus: 'completed',
    });
    const items = (await api.get(base, bob.token)).body.data.actionItems;
    expect(items.map((i: { task: string; personId: unknown }) => [i.task, i.personId])).toEqual([
      ['Send the centrifuge quote', { _id: priya, name: 'Priya Raman' }],
    ]);
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(JSON.stringify(fake.requests)).not.toContain(COMPANY);
  });
});
