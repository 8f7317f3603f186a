import { ProjectSearchResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Worker } from '../../src/jobs/worker.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { apiClient, expectSchema } from '../helpers/api.ts';
import { type FakeEmbeddings, startFakeEmbeddings } from '../helpers/fake-embeddings.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript } from '../helpers/uploads.ts';

// A meeting moved to another holder's project while its embedding job waits for the endpoint (issue 37,
// decision 291): the vectors the job then writes are kept under the meeting's holder of now, like every
// other row of it (decision 220), so the new holder's semantic search finds it at once.
let fake: FakeEmbeddings;
let server: TestServer;
let worker: Worker | undefined;
let api: ReturnType<typeof apiClient>;
type Account = { token: string; id: string; projectId: string };
let ann: Account;
let bob: Account;

const LINES = ['The budget is twelve euros per unit.', 'The case is made of rubber.'];
const VTT = `WEBVTT\n\n${LINES.map((text, i) => `00:00:0${i}.000 --> 00:00:0${i}.900\n<v Ann>${text}\n`).join('\n')}`;

beforeAll(async () => {
  fake = await startFakeEmbeddings();
  server = await startTestServer({ EMBEDDINGS_BASE_URL: fake.baseUrl, EMBEDDINGS_MODEL: 'concepts-v1' });
  api = apiClient(server.url);
  for (const name of ['ann', 'bob'] as const) {
    const { token, user, projectId } = await api.registerWithProject(`${name}'s`, name, `${name}@example.com`);
    const account = { token, id: user._id, projectId };
    if (name === 'ann') ann = account;
    else bob = account;
  }
  const added = await api.post(
    `/api/projects/${ann.projectId}/members`,
    { email: 'bob@example.com', role: 'editor' },
    ann.token,
  );
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  worker = await startWorker(server.ctx);
});
afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await fake?.close();
});

describe('an embedding job and a move of its meeting', () => {
  it('writes the vectors under the holder the meeting has when they are written', async () => {
    const held = fake.hold();
    const imported = await importTranscript(server.url, ann.token, ann.projectId, { name: 'm.vtt', text: VTT });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const meeting = imported.body.data._id as string;
    // the job has read the meeting (Ann's) and waits for its vectors: Bob moves it to his own project
    await held.arrived;
    const moved = await api.put(
      `/api/projects/${ann.projectId}/meetings/${meeting}`,
      { projectId: bob.projectId },
      bob.token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    held.release();

    const vectors = () =>
      server.ctx.db
        .selectFrom('segment_embeddings')
        .select(['segment_id', 'user_id'])
        .where('meeting_id', '=', meeting)
        .execute();
    await vi.waitFor(async () => expect(await vectors()).toHaveLength(LINES.length), { timeout: 60_000, interval: 50 });
    expect((await vectors()).map((v) => v.user_id)).toEqual(LINES.map(() => bob.id));

    // Bob's search of his project finds it by meaning (no word in common)
    const found = await api.get(
      `/api/projects/${bob.projectId}/transcriptions/search-all?q=how%20much%20money`,
      bob.token,
    );
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const data = expectSchema(ProjectSearchResponse, found.body).data;
    expect(data.components.semantic).toMatchObject({ enabled: true });
    expect(data.results.map((g) => g.meetingId)).toEqual([meeting]);
  });
});
