import { MeetingSearchResponse, PersonTranscriptionsResponse, ProjectSearchResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript, uploadMeeting } from '../helpers/uploads.ts';

// Segments are written through the repository the transcription job uses, so the index is maintained
// exactly as in production (triggers on SQLite, generated columns on PostgreSQL).
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let userId: string;
let projectId: string;
const meetings = { planning: '', review: '' };

const PLANNING = [
  { speaker: 'Speaker 1', text: 'We are recording this session for the remote control project.' },
  { speaker: 'Speaker 2', text: 'Shayla will draw the functional design on the whiteboard.' },
  { speaker: 'Speaker 1', text: 'The recieve button needs a bigger target.' },
  { speaker: 'Speaker 3', text: 'Adam Goodwood said the budget is twelve euros and fifty cents.' },
  { speaker: 'Speaker 2', text: 'I think the transcription of the kickoff was fine.' },
  { speaker: 'Speaker 3', text: 'Control the remote with voice, that is the idea.' },
];
const REVIEW = Array.from({ length: 25 }, (_, i) => ({
  speaker: `Speaker ${(i % 2) + 1}`,
  text: `Review point ${i}: the remote control battery lasts ${i + 1} weeks.`,
}));

async function meetingWith(title: string, lines: Array<{ speaker: string; text: string }>) {
  const id = (
    await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() }, { title, recordingType: 'upload' })
  ).body.data._id as string;
  await server.ctx.repos.transcriptions.replaceForMeeting(
    server.ctx.db,
    userId,
    id,
    lines.map((l, i) => ({ ...l, startMs: i * 5000, endMs: i * 5000 + 4000 })),
  );
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const user = await api.register();
  token = user.token;
  userId = user.user._id;
  projectId = (await api.post('/api/projects', { name: 'Remote control' }, token)).body.data._id;
  meetings.planning = await meetingWith('Kickoff planning', PLANNING);
  meetings.review = await meetingWith('Prototype review', REVIEW);
});
afterAll(() => server.close());

const inMeeting = async (meetingId: string, q: string, extra = '') => {
  const res = await api.get(
    `/api/meetings/${meetingId}/transcriptions/hybrid-search?q=${encodeURIComponent(q)}${extra}`,
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(MeetingSearchResponse, res.body).data;
};
const inProject = async (q: string, extra = '') => {
  const res = await api.get(
    `/api/projects/${projectId}/transcriptions/search-all?q=${encodeURIComponent(q)}${extra}`,
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ProjectSearchResponse, res.body).data;
};
const highlighted = (hit: { text: string; highlights: Array<{ start: number; end: number }> }) =>
  hit.highlights.map((h) => hit.text.slice(h.start, h.end));

describe('search in a meeting', () => {
  it('finds other forms of a word by its stem, and highlights the word as written', async () => {
    const data = await inMeeting(meetings.planning, 'recorded');
    expect(data.transcriptions.map((t) => t.text)).toEqual([PLANNING[0]?.text]);
    expect(highlighted(data.transcriptions[0]!)).toEqual(['recording']);
    expect(data.transcriptions[0]!.matchedBy).toContain('keyword');
    expect(data.searchType).toBe('hybrid');
    expect(data.components.keyword).toEqual({ enabled: true, hits: 1 });
    expect(data.components.semantic.enabled).toBe(false);
    expect(data.pagination.total).toBe(1);
  });

  it('matches the start of a word', async () => {
    const data = await inMeeting(meetings.planning, 'whiteb');
    expect(highlighted(data.transcriptions[0]!)).toEqual(['whiteboard']);
  });

  it('matches a quoted phrase only with its words in order', async () => {
    const phrase = await inMeeting(meetings.planning, '"remote control"');
    expect(phrase.transcriptions.map((t) => t.text)).toEqual([PLANNING[0]?.text]);
    const words = await inMeeting(meetings.planning, 'remote control');
    expect(words.transcriptions.map((t) => t.text).sort()).toEqual([PLANNING[0]?.text, PLANNING[5]?.text].sort());
  });

  it('finds a misspelling the recogniser made, and one the user typed', async () => {
    const recogniserTypo = await inMeeting(meetings.planning, 'receive');
    expect(recogniserTypo.transcriptions.map((t) => t.text)).toEqual([PLANNING[2]?.text]);
    expect(recogniserTypo.transcriptions[0]!.matchedBy).toContain('fuzzy');
    expect(highlighted(recogniserTypo.transcriptions[0]!)).toEqual(['recieve']);
    const userTypo = await inMeeting(meetings.planning, 'whitebaord');
    expect(userTypo.transcriptions.map((t) => t.text)).toEqual([PLANNING[1]?.text]);
  });

  it('finds names by how they sound', async () => {
    const sheila = await inMeeting(meetings.planning, 'Sheila');
    expect(sheila.transcriptions.map((t) => t.text)).toEqual([PLANNING[1]?.text]);
    expect(sheila.transcriptions[0]!.matchedBy).toContain('phonetic');
    expect(highlighted(sheila.transcriptions[0]!)).toEqual(['Shayla']);
    const adam = await inMeeting(meetings.planning, 'Adam Duguid');
    expect(adam.transcriptions[0]?.text).toBe(PLANNING[3]?.text);
    expect(highlighted(adam.transcriptions[0]!)).toEqual(['Adam', 'Goodwood']);
  });

  it('pages the hits and reports the total', async () => {
    const first = await inMeeting(meetings.review, 'battery', '&limit=10');
    expect(first.pagination).toEqual({ page: 1, pages: 3, total: 25, limit: 10 });
    expect(first.transcriptions).toHaveLength(10);
    const last = await inMeeting(meetings.review, 'battery', '&limit=10&page=3');
    expect(last.transcriptions).toHaveLength(5);
    const seen = new Set([...first.transcriptions, ...last.transcriptions].map((t) => t._id));
    expect(seen.size).toBe(15);
  });

  it('reflects an edit and a delete at once', async () => {
    const target = (await inMeeting(meetings.planning, 'kickoff')).transcriptions[0]!;
    const edit = await api.patch(
      `/api/meetings/${meetings.planning}/transcriptions/${target._id}`,
      { text: 'The transcription of the launch meeting was fine.' },
      token,
    );
    expect(edit.status).toBe(200);
    expect((await inMeeting(meetings.planning, 'kickoff')).pagination.total).toBe(0);
    expect((await inMeeting(meetings.planning, 'launch')).transcriptions.map((t) => t._id)).toEqual([target._id]);
    expect((await api.delete(`/api/meetings/${meetings.planning}/transcriptions/${target._id}`, token)).status).toBe(
      204,
    );
    expect((await inMeeting(meetings.planning, 'launch')).pagination.total).toBe(0);
  });

  it('treats search-engine syntax as text and never fails', async () => {
    for (const q of [
      '"remote',
      'remote*',
      '-remote',
      'remote NEAR control',
      '(remote',
      'text:remote',
      'a AND OR NOT',
      '*',
      '"',
      "it's",
      '^~{}[]\\',
      'remote"control"',
      'NEAR(remote control, 2)',
    ]) {
      const res = await api.get(
        `/api/meetings/${meetings.planning}/transcriptions/hybrid-search?q=${encodeURIComponent(q)}`,
        token,
      );
      expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect((await inMeeting(meetings.planning, '-remote')).pagination.total).toBeGreaterThan(0);
    expect((await inMeeting(meetings.planning, '"remote')).pagination.total).toBeGreaterThan(0);
  });

  it('refuses a blank or overlong query with a message', async () => {
    expectError(await api.get(`/api/meetings/${meetings.planning}/transcriptions/hybrid-search?q=%20%20`, token), 400);
    expectError(await api.get(`/api/meetings/${meetings.planning}/transcriptions/hybrid-search`, token), 400);
    expectError(
      await api.get(`/api/meetings/${meetings.planning}/transcriptions/hybrid-search?q=${'a'.repeat(201)}`, token),
      400,
      /at most 200 characters/,
    );
  });
});

describe('re-transcription', () => {
  it('leaves no stale rows in the index', async () => {
    const id = await meetingWith('Rerun', [{ speaker: 'Speaker 1', text: 'The marmalade sandwich budget.' }]);
    await server.ctx.repos.transcriptions.replaceForMeeting(server.ctx.db, userId, id, [
      { speaker: 'Speaker 1', text: 'The pineapple budget.', startMs: 0, endMs: 1000 },
    ]);
    expect((await inMeeting(id, 'marmalade')).pagination.total).toBe(0);
    expect((await inMeeting(id, 'pineapple')).pagination.total).toBe(1);
    expect((await inProject('marmalade')).results).toEqual([]);
  });
});

describe('search across a project', () => {
  it('groups hits by meeting with a match count and the meeting date', async () => {
    const data = await inProject('remote control');
    expect(data.strategy).toBe('reciprocal-rank-fusion');
    expect(data.meetingsSearched).toBeGreaterThanOrEqual(2);
    const review = data.results.find((g) => g.meetingId === meetings.review)!;
    expect(review.meetingTitle).toBe('Prototype review');
    expect(review.matchCount).toBe(25);
    expect(review.transcriptions.length).toBeLessThanOrEqual(5);
    expect(Date.parse(review.meetingDate)).not.toBeNaN();
    const planning = data.results.find((g) => g.meetingId === meetings.planning)!;
    expect(planning.matchCount).toBe(2);
    expect(data.pagination.total).toBe(data.results.length);
  });

  it('finds a meeting by its title', async () => {
    const data = await inProject('prototype');
    expect(data.results[0]).toMatchObject({ meetingId: meetings.review, titleMatch: true, matchCount: 0 });
  });

  it('lists single hits when not grouped, paged by segment', async () => {
    const data = await inProject('battery', '&groupByMeeting=false&limit=7');
    expect(data.pagination.total).toBe(25);
    expect(data.results).toHaveLength(7);
    expect(data.results.every((g) => g.matchCount === 1 && g.transcriptions.length === 1)).toBe(true);
  });

  it('finds an imported WebVTT transcript by its words, a misspelling and a sound-alike', async () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00:01.000 --> 00:00:04.000',
      '<v Priya>The quarterly forecast goes to the steering committee.',
      '',
      '00:00:05.000 --> 00:00:08.000',
      '<v Marcus>Kathryn will send the warehouse figures on Friday.',
      '',
    ].join('\n');
    const res = await importTranscript(
      server.url,
      token,
      projectId,
      { name: 'board.vtt', text: vtt },
      { fields: { title: 'Board call', recordingType: 'upload' } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const imported = res.body.data._id as string;
    const found = async (q: string) => {
      const group = (await inProject(q)).results.find((g) => g.meetingId === imported);
      return group?.transcriptions.map((t) => ({ text: t.text, matchedBy: t.matchedBy, words: highlighted(t) }));
    };
    expect(await found('steering committee')).toEqual([
      expect.objectContaining({ text: 'The quarterly forecast goes to the steering committee.' }),
    ]);
    // Near-spellings and sound-alikes come from the user's vocabulary, which the import must add to.
    expect(await found('forcast')).toEqual([
      expect.objectContaining({ matchedBy: expect.arrayContaining(['fuzzy']), words: ['forecast'] }),
    ]);
    expect(await found('Catherine')).toEqual([
      expect.objectContaining({ matchedBy: expect.arrayContaining(['phonetic']), words: ['Kathryn'] }),
    ]);
  });
});

describe('a person’s transcriptions', () => {
  it('are searched with the same engine and carry highlights', async () => {
    const person = (await api.post('/api/people', { name: 'Sheila Brown' }, token)).body.data._id;
    await api.put(
      `/api/meetings/${meetings.planning}/transcriptions/speaker/Speaker%202/assign`,
      { personId: person },
      token,
    );
    const res = await api.get(`/api/people/${person}/transcriptions?search=whiteboards`, token);
    const data = expectSchema(PersonTranscriptionsResponse, res.body).data;
    expect(data.transcriptions.map((t) => t.text)).toEqual([PLANNING[1]?.text]);
    expect(highlighted(data.transcriptions[0] as never)).toEqual(['whiteboard']);
    expect(data.pagination.total).toBe(1);
  });
});
