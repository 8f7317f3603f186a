import { type KyselyPlugin, type RawNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneticKeysOfWord } from '../../src/lib/words/phonetic.ts';
import { fuzzyPieces } from '../../src/search/engine.ts';
import { postgresStore } from '../../src/search/postgres-store.ts';
import { speakerSegmentsQuery } from '../../src/search/speakers.ts';
import { sqliteStore } from '../../src/search/sqlite-store.ts';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript } from '../helpers/uploads.ts';

// What a search inside one meeting costs the server's event loop must not grow with the rest of the library
// (issue 36, decision 260). SQLite's FTS5 merges every indexed word a prefix starts across the whole library
// before it keeps the meeting's: that statement runs on the reader's thread, with its own connection. The speaker-label
// lookup reads the meeting's segments of that label by an index, not the meeting's every segment.
const sqlite = process.env.TEST_DB !== 'postgres';
let server: TestServer;
let api: ReturnType<typeof apiClient>;
const owner = { token: '', userId: '', meetingId: '' };

const at = (ms: number) => new Date(ms).toISOString().slice(11, 23);

/** A meeting imported from a WebVTT file of these "Speaker: text" cues, as the Upload tab sends it. */
async function meetingOf(user: { token: string; projectId: string }, cues: string[]) {
  const text = `WEBVTT\n\n${cues.map((cue, i) => `${at(i * 5000)} --> ${at(i * 5000 + 4000)}\n${cue}\n`).join('\n')}`;
  const res = await importTranscript(server.url, user.token, user.projectId, { name: 'meeting.vtt', text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const ann = await api.registerWithProject('Remote control');
  Object.assign(owner, { token: ann.token, userId: ann.user._id });
  owner.meetingId = await meetingOf(ann, [
    'Ann: The remote needs a bigger button.',
    'Bob: Lunch is at noon.',
    'Ann: We work remotely on Fridays.',
    'Budget: A speaker label that is also a word.',
  ]);
  // Another user's library says the same words all through.
  const other = await api.registerWithProject('Elsewhere');
  await meetingOf(
    other,
    Array.from({ length: 300 }, (_, i) => `Zed: Remote point ${i}, remotes and remotely.`),
  );
});
afterAll(() => server.close());

const search = async (q: string) => {
  const res = await api.get(
    `/api/meetings/${owner.meetingId}/transcriptions/hybrid-search?q=${encodeURIComponent(q)}`,
    owner.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.transcriptions.map((t: { text: string }) => t.text) as string[];
};

describe('a search inside a meeting, among another user’s matches', () => {
  it('finds the meeting’s segments a prefix starts; on SQLite the full-text match is read on the reader’s thread', async () => {
    const readsBefore = server.ctx.sqliteReader?.stats().reads ?? 0;
    // "remo" is no word of Ann's: it is read as the start of one.
    expect((await search('remo')).sort()).toEqual([
      'The remote needs a bigger button.',
      'We work remotely on Fridays.',
    ]);
    if (sqlite) expect(server.ctx.sqliteReader?.stats().reads ?? 0).toBeGreaterThan(readsBefore);
    else expect(server.ctx.sqliteReader).toBeUndefined();
  });

  it('finds a speaker label’s segments by the meeting’s label index, without reading its other segments', async () => {
    expect(await search('budget')).toEqual(['A speaker label that is also a word.']);
    if (!sqlite) return;
    const plan = await sql<{ detail: string }>`explain query plan ${speakerSegmentsQuery(
      { userId: owner.userId, meetingId: owner.meetingId },
      { personIds: [], label: 'budget' },
      2000,
    )}`.execute(server.ctx.db);
    const details = plan.rows.map((r) => r.detail).join('\n');
    expect(details).toContain('transcriptions_meeting_speaker (meeting_id=? AND <expr>=?)');
  });

  it('asks the near-spelling and sound lookups only about words the holder’s transcripts do not hold', async () => {
    // The vocabulary tables hold every account's vocabulary (another user's here): ranking their matches
    // grew with the instance's accounts (3-35 ms a word at 50 holders), and a held word is offered no
    // alternative (forgiveness.ts). Both stores take the rule from store.ts's answerVocabulary.
    const asked: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'RawNode') asked.push((node as RawNode).sqlFragments.join('?'));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const db = server.ctx.db.withPlugin(recorder);
    const store = sqlite ? sqliteStore(db) : postgresStore(db);
    // SQLite's FTS5 trigram table, PostgreSQL's pg_trgm ranking.
    const nearSpellings = () =>
      asked.filter((s) => s.includes('search_vocabulary_trigram') || s.includes('similarity('));
    const sounds = () => asked.filter((s) => s.includes('search_vocabulary_sounds'));
    const ask = (term: string) => ({ term, pieces: fuzzyPieces(term), sounds: phoneticKeysOfWord(term) });
    const scope = { userId: owner.userId, meetingId: owner.meetingId };

    const answer = await store.vocabulary(scope, [ask('remote'), ask('remot')], 400, 5000);
    expect([...answer.known]).toEqual(['remote']);
    expect(answer.like.get('remote')).toEqual([]);
    expect(answer.sounding.get('remote')).toEqual([]);
    expect(answer.like.get('remot')).toContain('remote');
    expect(nearSpellings()).toHaveLength(1);
    expect(sounds()).toHaveLength(1);

    asked.length = 0;
    const held = await store.vocabulary(scope, [ask('remote'), ask('bigger')], 400, 5000);
    expect([...held.known].sort()).toEqual(['bigger', 'remote']);
    expect(nearSpellings()).toEqual([]);
    expect(sounds()).toEqual([]);
  });
});
