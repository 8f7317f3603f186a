import { GlobalSearchResponse } from '@parley/contract';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/search/query-parser.ts';
import { speakersNamed } from '../../src/search/speakers.ts';
import { type Reading, textMatcher } from '../../src/search/word-match.ts';
import { apiClient, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript } from '../helpers/uploads.ts';

// A person's name in the global search is looked up among the contacts of everyone the caller shares a
// project with (decision 266): at thousands of members those are too many to read and filter in
// JavaScript. The names are matched in SQL, the caller's own first, at most the limit (decision 291),
// the same way the search's word matcher reads a name.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
type Account = { token: string; id: string; projectId: string };
const who = {} as Record<'ann' | 'bob' | 'cat', Account>;
const contact = {} as Record<string, string>;
let meeting = '';
const CROWD = 60;

const addPerson = async (name: string, account: Account, company?: string) => {
  const res = await api.post('/api/people', { name, ...(company ? { company } : {}) }, account.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
};

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  for (const name of ['ann', 'bob', 'cat'] as const) {
    const { token, user, projectId } = await api.registerWithProject(`${name}'s`, name, `${name}@example.com`);
    who[name] = { token, id: user._id, projectId };
  }
  // Ann's contact book is a crowd; Bob is a member of her project, Cat of nothing of hers.
  for (let i = 0; i < CROWD; i++) await addPerson(`Member ${i} Person`, who.ann);
  contact.priya = await addPerson('Priya Raman', who.ann, 'Raman & Co');
  contact.priyanka = await addPerson('Priyanka Shah', who.ann);
  contact.zoe = await addPerson('Zoë Ærøskøbing', who.ann);
  contact.bobsPriya = await addPerson('Priya Bose', who.bob, 'Bose Ltd');
  contact.catsPriya = await addPerson('Priya Cato', who.cat);
  const text = 'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nSpeaker 1: The centrifuge needs balancing.\n';
  const res = await importTranscript(server.url, who.ann.token, who.ann.projectId, { name: 'm.vtt', text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  meeting = res.body.data._id;
  await server.ctx.repos.transcriptions.assignSpeaker(who.ann.id, meeting, 'Speaker 1', contact.priya as string);
  const added = await api.post(
    `/api/projects/${who.ann.projectId}/members`,
    { email: 'bob@example.com', role: 'viewer' },
    who.ann.token,
  );
  expect(added.status).toBe(201);
});
afterAll(() => server?.close());

/** The database, counting every row its statements return. */
function countingDb() {
  const counted = { rows: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counted.rows += args.result.rows.length;
      return args.result;
    },
  };
  return { db: server.ctx.db.withPlugin(plugin), counted };
}

const named = async (query: string | Reading[], limit = 20) => {
  const { db, counted } = countingDb();
  const match = typeof query === 'string' ? textMatcher(parseQuery(query)) : textMatcher(parseQuery('x'), query);
  const people = await speakersNamed(db, { userId: who.bob.id }, match, limit);
  return { names: people.map((p) => p.name), rows: counted.rows };
};

describe('a contact-name lookup across every project the caller shares', () => {
  it('reads only the matching contacts of co-members, the caller’s own first', async () => {
    const { names, rows } = await named('priya');
    // "priya" read as the start of a word (no transcript holds it); Cat's contact is no co-member's
    expect(names).toEqual(['Priya Bose', 'Priya Raman', 'Priyanka Shah']);
    // the crowd of Ann's other contacts is not read
    expect(rows).toBe(names.length);
  });

  it('gives at most the limit, the caller’s own contacts before the others', async () => {
    expect((await named('priya', 2)).names).toEqual(['Priya Bose', 'Priya Raman']);
    const crowd = await named('person', 5);
    expect(crowd.names).toHaveLength(5);
    expect(crowd.names.every((name) => /^Member \d+ Person$/.test(name))).toBe(true);
    expect(crowd.rows).toBe(5);
  });

  it('matches a name as the search reads a word: every word, by stem, by prefix, by an alternative', async () => {
    expect((await named('priya raman')).names).toEqual(['Priya Raman']);
    // "ramans" has the stem of "Raman"; "raman priya" in either order
    expect((await named('ramans')).names).toEqual(['Priya Raman']);
    expect((await named('raman priya')).names).toEqual(['Priya Raman']);
    // a word the transcripts hold is not read as a prefix
    expect((await named([{ term: 'priy', prefix: false, others: [] }])).names).toEqual([]);
    // a near-spelling the engine chose stands for the word
    expect((await named([{ term: 'prija', prefix: false, others: ['priyanka'] }])).names).toEqual(['Priyanka Shah']);
    // a one-letter word is no prefix of a longer one
    expect((await named('p')).names).toEqual([]);
    // letters beyond ASCII, lower-cased as the matcher does
    expect((await named('ZOË ærø')).names).toEqual(['Zoë Ærøskøbing']);
    expect((await named('zoe')).names).toEqual([]);
  });

  it('follows a rename at once', async () => {
    const renamed = await api.put(`/api/people/${contact.priyanka}`, { name: 'Quentin Shah' }, who.ann.token);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await named('quentin')).names).toEqual(['Quentin Shah']);
    expect((await named('priyanka')).names).toEqual([]);
    await api.put(`/api/people/${contact.priyanka}`, { name: 'Priyanka Shah' }, who.ann.token);
  });

  it('finds the shared segment by the holder’s contact, and lists only the caller’s own people', async () => {
    const found = expectSchema(GlobalSearchResponse, (await api.get('/api/search?q=Priya', who.bob.token)).body).data;
    expect(found.segments.map((s) => [s.meetingId, s.speaker])).toEqual([[meeting, 'Priya Raman']]);
    expect(found.people.map((p) => [p.name, p.company])).toEqual([['Priya Bose', 'Bose Ltd']]);
    // Cat shares nothing with Ann: her search finds none of Ann's
    const cats = expectSchema(GlobalSearchResponse, (await api.get('/api/search?q=Priya', who.cat.token)).body).data;
    expect(cats.segments).toEqual([]);
    expect(cats.people.map((p) => p.name)).toEqual(['Priya Cato']);
  });
});
