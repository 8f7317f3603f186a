import { GlobalSearchResponse, MeetingSearchResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// The search across every project (GET /api/search), people and speaker labels found by name, and the
// precise forgiveness of decision 161, on the database the suite runs against.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
const owner = { token: '', userId: '' };
const other = { token: '', userId: '' };
const ids = { launch: '', mobile: '', others: '', launchProject: '', mobileProject: '' };

const LAUNCH = [
  { speaker: 'Priya', text: 'The launch is on the fourteenth of March, a Tuesday.' },
  { speaker: 'Speaker 2', text: 'We still need the price list before then.' },
  { speaker: 'Speaker 2', text: 'And the price of the starter plan is twelve euros.' },
  { speaker: 'Priya', text: 'I will write the specification for the export.' },
];
const MOBILE = [
  { speaker: 'Marcus', text: 'The Android app crashes when the export starts.' },
  { speaker: 'Marcus', text: 'And then we and the others and everyone else waited.' },
  { speaker: 'Speaker 3', text: 'The Android tablet layout is next.' },
  { speaker: 'Speaker 3', text: 'Duplication of the export code is the cause.' },
];

async function meetingWith(
  who: typeof owner,
  projectId: string,
  title: string,
  lines: Array<{ speaker: string; text: string }>,
) {
  const id = (
    await uploadMeeting(server.url, who.token, projectId, { path: jfkWavPath() }, { title, recordingType: 'upload' })
  ).body.data._id as string;
  await server.ctx.repos.transcriptions.replaceForMeeting(
    server.ctx.db,
    who.userId,
    id,
    lines.map((l, i) => ({ ...l, startMs: i * 5000, endMs: i * 5000 + 4000 })),
  );
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  for (const who of [owner, other]) {
    const user = await api.register();
    who.token = user.token;
    who.userId = user.user._id;
  }
  ids.launchProject = (await api.post('/api/projects', { name: 'Launch' }, owner.token)).body.data._id;
  ids.mobileProject = (await api.post('/api/projects', { name: 'Mobile' }, owner.token)).body.data._id;
  ids.launch = await meetingWith(owner, ids.launchProject, 'Launch planning', LAUNCH);
  ids.mobile = await meetingWith(owner, ids.mobileProject, 'Android review', MOBILE);
  const othersProject = (await api.post('/api/projects', { name: 'Launch' }, other.token)).body.data._id;
  ids.others = await meetingWith(other, othersProject, 'Launch planning', LAUNCH);
});
afterAll(() => server.close());

const everywhere = async (q: string, token = owner.token, extra = '') => {
  const res = await api.get(`/api/search?q=${encodeURIComponent(q)}${extra}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(GlobalSearchResponse, res.body).data;
};
const marked = (hit: { text: string; highlights: Array<{ start: number; end: number }> }) =>
  hit.highlights.map((h) => hit.text.slice(h.start, h.end));

describe('search across every project', () => {
  it("finds meetings by title and passages in every project of the user, nothing of another user's", async () => {
    const data = await everywhere('launch');
    expect(data.meetings.map((m) => [m.meetingId, m.projectId])).toEqual([[ids.launch, ids.launchProject]]);
    expect(marked({ text: data.meetings[0]!.title, highlights: data.meetings[0]!.highlights })).toEqual(['Launch']);
    expect(data.segments.map((s) => s.transcriptionId).length).toBe(1);
    expect(data.segments[0]).toMatchObject({ meetingId: ids.launch, projectId: ids.launchProject, startTime: 0 });

    const export_ = await everywhere('export');
    expect(new Set(export_.segments.map((s) => s.meetingId))).toEqual(new Set([ids.launch, ids.mobile]));
    expect(export_.segments.every((s) => s.meetingId !== ids.others)).toBe(true);
    // Passages come grouped by meeting.
    const order = export_.segments.map((s) => s.meetingId);
    expect(order.filter((m, i) => m !== order[i - 1]).length).toBe(2);

    const theirs = await everywhere('export', other.token);
    expect(theirs.segments.map((s) => s.meetingId)).toEqual([ids.others]);
    expect(theirs.meetings).toEqual([]);
  });

  it('pages passages and refuses a blank query', async () => {
    const first = await everywhere('export', owner.token, '&limit=1');
    const second = await everywhere('export', owner.token, '&limit=1&page=2');
    expect(first.pagination).toMatchObject({ total: 3, pages: 3, limit: 1 });
    expect(second.segments[0]?.transcriptionId).not.toBe(first.segments[0]?.transcriptionId);
    expectError(await api.get('/api/search?q=%20', owner.token), 400, 'Search query cannot be empty');
    expectError(await api.get('/api/search?q=x', undefined as never), 401);
  });
});

describe('precise forgiveness', () => {
  it('reads "andriod" as Android only, never as the "and" inside it', async () => {
    const data = await everywhere('andriod');
    expect(data.segments.map((s) => s.text).sort()).toEqual([MOBILE[0]!.text, MOBILE[2]!.text].sort());
    expect(data.segments.flatMap(marked)).toEqual(['Android', 'Android']);
  });

  it('reads "specfication" as specification, not duplication, and "Priya" never as price', async () => {
    const spec = await everywhere('specfication');
    expect(spec.segments.map((s) => s.text)).toEqual([LAUNCH[3]!.text]);
    const priya = await everywhere('Priya');
    expect(priya.segments.every((s) => s.speaker === 'Priya')).toBe(true);
    expect(priya.segments.flatMap(marked)).toEqual([]);
  });

  it('takes a word the transcripts hold as meant: "price" finds the price, never Priya', async () => {
    const data = await everywhere('price');
    expect(data.segments.map((s) => s.text).sort()).toEqual([LAUNCH[1]!.text, LAUNCH[2]!.text].sort());
    expect(data.segments.flatMap(marked)).toEqual(['price', 'price']);
  });
});

describe('people and speakers are searchable', () => {
  it("finds a speaker label's segments, and a person's by their name", async () => {
    const label = await everywhere('Marcus');
    expect(label.segments.map((s) => s.text).sort()).toEqual([MOBILE[0]!.text, MOBILE[1]!.text].sort());

    const person = (await api.post('/api/people', { name: 'Helen Okafor', company: 'Acme' }, owner.token)).body.data
      ._id;
    await api.put(
      `/api/meetings/${ids.mobile}/transcriptions/speaker/Speaker%203/assign`,
      { personId: person },
      owner.token,
    );
    const helen = await everywhere('Okafor');
    expect(helen.people).toEqual([{ _id: person, name: 'Helen Okafor', company: 'Acme' }]);
    expect(helen.segments.map((s) => s.text).sort()).toEqual([MOBILE[2]!.text, MOBILE[3]!.text].sort());
    // Another user's search never lists this person.
    expect((await everywhere('Okafor', other.token)).people).toEqual([]);

    const inMeeting = await api.get(`/api/meetings/${ids.mobile}/transcriptions/hybrid-search?q=helen`, owner.token);
    const hits = expectSchema(MeetingSearchResponse, inMeeting.body).data.transcriptions;
    expect(hits.map((h) => h.matchedBy)).toEqual([['speaker'], ['speaker']]);
  });
});
