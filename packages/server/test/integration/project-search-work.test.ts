import type { KyselyPlugin, RawNode, ValueNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresStore } from '../../src/search/postgres-store.ts';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript } from '../helpers/uploads.ts';

// A project search reads the project's matches, not the instance's (issue 37's 50 holders). PostgreSQL's word
// index is one for every account: with the project's meetings in a subquery the planner took them for one
// meeting and ran the word index once per meeting (40 times in a 40-meeting project, 317 ms for "remote
// control" at 1M segments). Given the meetings as a list, it knows how many segments they hold and ANDs
// the meetings' index with the word index (bench/README.md, 2026-12-07 15:xx).
const postgres = process.env.TEST_DB === 'postgres';
let server: TestServer;
let api: ReturnType<typeof apiClient>;
const ann = { token: '', userId: '', projectId: '', otherProjectId: '', emptyProjectId: '' };
const meetings: string[] = [];

/** A raw statement's text with its nested fragments, and its values in order. */
function flattened(raw: RawNode, values: unknown[] = []): { sql: string; values: unknown[] } {
  let sql = raw.sqlFragments[0] ?? '';
  raw.parameters.forEach((p, i) => {
    if (p.kind === 'RawNode') sql += flattened(p as RawNode, values).sql;
    else if (p.kind === 'ValueNode') {
      values.push((p as ValueNode).value);
      sql += '?';
    } else sql += '?';
    sql += raw.sqlFragments[i + 1] ?? '';
  });
  return { sql, values };
}

const at = (ms: number) => new Date(ms).toISOString().slice(11, 23);

async function meetingOf(token: string, projectId: string, cues: string[]) {
  const text = `WEBVTT\n\n${cues.map((cue, i) => `${at(i * 5000)} --> ${at(i * 5000 + 4000)}\n${cue}\n`).join('\n')}`;
  const res = await importTranscript(server.url, token, projectId, { name: 'meeting.vtt', text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}

async function newProject(token: string, name: string) {
  const res = await api.post('/api/projects', { name }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const registered = await api.registerWithProject('Remote control');
  Object.assign(ann, { token: registered.token, userId: registered.user._id, projectId: registered.projectId });
  meetings.push(await meetingOf(ann.token, ann.projectId, ['Ann: The remote control needs a bigger button.']));
  meetings.push(await meetingOf(ann.token, ann.projectId, ['Bob: A remote control for the television.']));
  // The same words in Ann's other project and in another account's.
  ann.otherProjectId = await newProject(ann.token, 'Elsewhere');
  await meetingOf(ann.token, ann.otherProjectId, ['Ann: Another remote control, in another project.']);
  ann.emptyProjectId = await newProject(ann.token, 'Nothing yet');
  const other = await api.registerWithProject('Theirs');
  await meetingOf(other.token, other.projectId, ['Zed: Their remote control.']);
});
afterAll(() => server.close());

const inProject = async (projectId: string, q: string) => {
  const res = await api.get(
    `/api/projects/${projectId}/transcriptions/search-all?q=${encodeURIComponent(q)}&groupByMeeting=false`,
    ann.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.results as Array<{ transcriptions: Array<{ text: string }> }>)
    .flatMap((g) => g.transcriptions.map((t) => t.text))
    .sort();
};

describe('a project search among other projects’ matches', () => {
  it('finds the project’s segments only, and nothing in a project without meetings', async () => {
    expect(await inProject(ann.projectId, 'remote control')).toEqual([
      'A remote control for the television.',
      'The remote control needs a bigger button.',
    ]);
    expect(await inProject(ann.projectId, '"remote control"')).toHaveLength(2);
    expect(await inProject(ann.emptyProjectId, 'remote control')).toEqual([]);
  });

  it('on PostgreSQL gives the word index the project’s meetings as a list', async () => {
    if (!postgres) return;
    const asked: Array<{ sql: string; values: unknown[] }> = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'RawNode') asked.push(flattened(node as RawNode));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const store = postgresStore(server.ctx.db.withPlugin(recorder));
    const query = { words: [{ word: 'remote', prefix: false, others: [] }], phrases: [] };
    const found = await store.matching({ userId: ann.userId, projectId: ann.projectId }, query, 300);
    expect(found.map((c) => c.meetingId).sort()).toEqual([...meetings].sort());
    const words = asked.filter((a) => a.sql.includes('search_words @@'));
    expect(words).toHaveLength(1);
    expect(words[0]?.sql).toContain('meeting_id = any(');
    expect(words[0]?.values.find(Array.isArray)).toEqual(expect.arrayContaining(meetings));

    asked.length = 0;
    expect(await store.matching({ userId: ann.userId, projectId: ann.emptyProjectId }, query, 300)).toEqual([]);
    expect(asked.filter((a) => a.sql.includes('search_words @@'))).toEqual([]);
  });
});
