import { MeetingExport } from '@parley/contract';
import JSZip from 'jszip';
import SrtParser from 'srt-parser-2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import htmlEntities from 'webvtt-parser/html-entities.json' with { type: 'json' };
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript, uploadMeeting } from '../helpers/uploads.ts';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let owner: { token: string; userId: string };
let projectId: string;
let meetingId: string;
let annId: string;
const TITLE = 'Réunion d’équipe: Q3 plan';

const SEGMENTS = [
  { speaker: 'Speaker 1', text: 'Welcome everyone, let us start with the budget.', startMs: 0, endMs: 4200 },
  { speaker: 'Speaker 2', text: 'I will send the figures\nby Friday.', startMs: 4500, endMs: 8000 },
  { speaker: 'Speaker 1', text: 'Great. A --> B is the plan.', startMs: 3_725_000, endMs: 3_727_500 },
];

const SUMMARY =
  '## Key points\n- **Ann Smith** ([0:04](?t=4)): The budget is **approved**.\n  - Figures follow.\n### Risks\n- None';
const meetingPage = () => `${server.url}/projects/${projectId}/meetings/${meetingId}`;

/** Reads a download as the browser would: status, headers and bytes. */
async function download(path: string, token = owner.token) {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const exportOf = (format: string, query = '') => download(`/api/meetings/${meetingId}/export?format=${format}${query}`);

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const account = await api.register('Exporter');
  owner = { token: account.token, userId: account.user._id };
  projectId = (await api.post('/api/projects', { name: 'Exports' }, owner.token)).body.data._id;
  const upload = await uploadMeeting(server.url, owner.token, projectId, { path: jfkWavPath() }, { title: TITLE });
  meetingId = upload.body.data._id;
  const { ctx } = server;
  await ctx.repos.transcriptions.replaceForMeeting(ctx.db, owner.userId, meetingId, SEGMENTS);
  annId = (await api.post('/api/people', { name: 'Ann Smith', company: 'Acme' }, owner.token)).body.data._id;
  await api.put(
    `/api/meetings/${meetingId}/transcriptions/speaker/Speaker%201/assign`,
    { personId: annId },
    owner.token,
  );
  await ctx.db
    .updateTable('meetings')
    .set({
      summary: SUMMARY,
      transcription_status: 'completed',
    })
    .where('id', '=', meetingId)
    .execute();
  await ctx.repos.actionItems.insertMany(owner.userId, meetingId, [
    {
      task: 'Send the figures',
      context: 'Promised during the budget review',
      contextStartMs: 4500,
      assignee: 'Speaker 2',
      dueDate: '2026-11-27T17:00:00.000Z',
      status: 'in_progress',
    },
    { task: 'Book the venue', personId: annId, dueDate: null, status: 'completed' },
  ]);
});
afterAll(() => server.close());

describe('GET /api/meetings/{meetingId}/export', () => {
  it('plain text: speaker names (People where linked) and times', async () => {
    const res = await exportOf('txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = text(res.bytes).split('\n');
    expect(lines[0]).toBe(TITLE);
    expect(lines).toContain('Participants: Ann Smith, Speaker 2');
    expect(lines).toContain('[00:00] Ann Smith: Welcome everyone, let us start with the budget.');
    expect(lines).toContain('[00:04] Speaker 2: I will send the figures by Friday.');
    expect(lines).toContain('[1:02:05] Ann Smith: Great. A --> B is the plan.');
  });

  it('Markdown: title, date, participants, summary, action items with owners and due dates, transcript', async () => {
    const res = await exportOf('md', '&tz=America/New_York');
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const md = text(res.bytes);
    expect(md).toMatch(/^# Réunion d’équipe: Q3 plan\n/);
    expect(md).toMatch(/- \*\*Date:\*\* \w{3} \d{1,2}, 2026, \d{1,2}:\d{2} [AP]M EST/);
    expect(md).toContain('- **Participants:** Ann Smith, Speaker 2');
    // The summary's headings nest under the file's own, its time links open the meeting from anywhere.
    expect(md).toContain(
      `## Summary\n\n### Key points\n- **Ann Smith** ([0:04](${meetingPage()}?t=4)): The budget is **approved**.\n  - Figures follow.\n#### Risks`,
    );
    expect(md).toContain(
      '- [ ] Send the figures (**Owner:** Speaker 2 · **Due:** Nov 27, 2026, 12:00 PM · **Status:** In progress)\n  Promised during the budget review',
    );
    expect(md).toContain('- [x] Book the venue (**Owner:** Ann Smith · **Due:** No due date)');
    expect(md).toContain('## Transcript\n\n**[00:00] Ann Smith:** Welcome everyone');
    expect(md.indexOf('## Summary')).toBeLessThan(md.indexOf('## Action items'));
    expect(md.indexOf('## Action items')).toBeLessThan(md.indexOf('## Transcript'));
  });

  it('SubRip, read back by srt-parser-2', async () => {
    const res = await exportOf('srt');
    expect(res.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    const cues = new SrtParser().fromSrt(text(res.bytes));
    expect(cues.map((cue) => [cue.id, cue.startSeconds, cue.endSeconds, cue.text])).toEqual([
      ['1', 0, 4.2, 'Ann Smith: Welcome everyone, let us start with the budget.'],
      ['2', 4.5, 8, 'Speaker 2: I will send the figures\nby Friday.'],
      ['3', 3725, 3727.5, 'Ann Smith: Great. A -> B is the plan.'],
    ]);
  });

  it('WebVTT with speakers as voice tags, valid for the W3C parser', async () => {
    const res = await exportOf('vtt');
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    // The full entity table: the parser's built-in subset mis-decodes '&gt;'.
    const parsed = new WebVTTParser(htmlEntities).parse(text(res.bytes), 'metadata');
    expect(parsed.errors).toEqual([]);
    expect(
      parsed.cues.map((cue) => {
        const voice = cue.tree.children[0]!;
        return [cue.startTime, cue.endTime, voice.name, voice.value, voice.children?.map((c) => c.value).join('')];
      }),
    ).toEqual([
      [0, 4.2, 'v', 'Ann Smith', 'Welcome everyone, let us start with the budget.'],
      [4.5, 8, 'v', 'Speaker 2', 'I will send the figures\nby Friday.'],
      [3725, 3727.5, 'v', 'Ann Smith', 'Great. A -> B is the plan.'],
    ]);
  });

  it('Word: headings and a table of action items, read back from the .docx zip', async () => {
    const res = await exportOf('docx');
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const zip = await JSZip.loadAsync(res.bytes);
    const xml = await zip.file('word/document.xml')!.async('string');
    const xmlText = (s: string) => s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
    const paragraphs = [...xml.matchAll(/<w:p[ >].*?<\/w:p>/gs)].map((p) =>
      [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => xmlText(t[1]!)).join(''),
    );
    const styles = [...xml.matchAll(/<w:pStyle w:val="([^"]+)"\/>/g)].map((m) => m[1]);
    expect(paragraphs).toContain(TITLE);
    expect(styles).toEqual(expect.arrayContaining(['Title', 'Heading1']));
    expect(paragraphs).toEqual(expect.arrayContaining(['Summary', 'Action items', 'Transcript', 'Key points']));
    // The summary's Markdown becomes Word's own: no raw marks, headings, nested lists, working links.
    expect(paragraphs).toContain('Ann Smith (0:04): The budget is approved.');
    expect(paragraphs.join('\n')).not.toMatch(/\*\*|\]\(|\?t=|^#/m);
    expect(styles).toEqual(expect.arrayContaining(['Heading2', 'Heading3']));
    expect(xml).toMatch(/<w:ilvl w:val="1"\/>/);
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
    expect(rels).toContain(`Target="${meetingPage()}?t=4"`);
    expect(rels).toContain('TargetMode="External"');
    const table = xml.match(/<w:tbl>.*<\/w:tbl>/s)?.[0] ?? '';
    const rows = [...table.matchAll(/<w:tr>.*?<\/w:tr>/gs)].map((row) =>
      [...row[0].matchAll(/<w:tc>.*?<\/w:tc>/gs)].map((c) =>
        [...c[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(' / '),
      ),
    );
    expect(rows).toEqual([
      ['Task', 'Owner', 'Due date', 'Status'],
      ['Send the figures / Promised during the budget review', 'Speaker 2', 'Nov 27, 2026, 5:00 PM', 'In progress'],
      ['Book the venue', 'Ann Smith', '—', 'Completed'],
    ]);
    expect(paragraphs).toContain('[1:02:05] Ann Smith: Great. A --> B is the plan.');
  });

  it('JSON: the meeting, segments, summary and action items, versioned', async () => {
    const res = await exportOf('json');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const data = MeetingExport.parse(JSON.parse(text(res.bytes)));
    expect(data).toMatchObject({ format: 'parley.meeting', version: 1, meeting: { title: TITLE } });
    expect(data.segments[0]).toMatchObject({ speaker: 'Speaker 1', person: { _id: annId, name: 'Ann Smith' } });
    expect(data.actionItems.map((item) => item.task)).toEqual(['Send the figures', 'Book the venue']);
  });

  it('names the file after the title: an ASCII fallback and the RFC 5987 UTF-8 name', async () => {
    const res = await exportOf('md');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="Reunion d_equipe Q3 plan\.md"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('Réunion d’équipe Q3 plan.md');
  });

  it('answers 400 in the error shape for an unknown or missing format, or an unknown time zone', async () => {
    expectError(
      await api.get(`/api/meetings/${meetingId}/export?format=pdf`, owner.token),
      400,
      "Unknown export format 'pdf'. Use one of: txt, md, srt, vtt, docx, json",
    );
    expectError(await api.get(`/api/meetings/${meetingId}/export`, owner.token), 400, /Choose an export format/);
    expectError(
      await api.get(`/api/meetings/${meetingId}/export?format=md&tz=Mars/Olympus`, owner.token),
      400,
      /time zone/,
    );
    expectError(await api.get('/api/meetings/nope/export?format=md', owner.token), 404);
  });

  it('is described in the OpenAPI document with its formats', async () => {
    const doc = (await api.get('/api/docs/json')).body;
    const parameters = doc.paths['/api/meetings/{meetingId}/export'].get.parameters;
    expect(parameters.find((p: { name: string }) => p.name === 'format').schema.enum).toEqual([
      'txt',
      'md',
      'srt',
      'vtt',
      'docx',
      'json',
    ]);
  });

  it('downloads the audio in its original format under the title', async () => {
    const url = (await api.get(`/api/projects/${projectId}/meetings/${meetingId}/audio-url`, owner.token)).body.data
      .url;
    const res = await fetch(`${server.url}${url}&download=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Reunion d_equipe Q3 plan\.wav"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(text(bytes.slice(0, 4))).toBe('RIFF');
  });
});

describe('round trip through the JSON export', () => {
  const comparable = (json: string) => {
    const { exportedAt: _exportedAt, meeting, ...rest } = MeetingExport.parse(JSON.parse(json));
    const { createdAt: _createdAt, duration: _duration, ...kept } = meeting;
    return { meeting: kept, ...rest };
  };

  it('imports back equal to the original: segments, speakers, People links, summary, action items', async () => {
    const original = text((await exportOf('json')).bytes);
    const imported = await importTranscript(
      server.url,
      owner.token,
      projectId,
      { name: 'export.json', text: original, type: 'application/json' },
      { fields: { title: TITLE } },
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.data).toMatchObject({ transcriptionStatus: 'completed', actionItemsStatus: 'completed' });
    const again = await download(`/api/meetings/${imported.body.data._id}/export?format=json`);
    expect(comparable(text(again.bytes))).toEqual(comparable(original));
    const items = await server.ctx.repos.actionItems.listByMeeting(owner.userId, imported.body.data._id, 1, 50);
    expect(items.rows.map((item) => item.source)).toEqual(['imported', 'imported']);
  });

  it('into another account: People links by name where that account has the person, else none', async () => {
    const original = text((await exportOf('json')).bytes);
    const other = await api.register('Colleague');
    const theirProject = (await api.post('/api/projects', { name: 'Theirs' }, other.token)).body.data._id;
    const theirAnn = (await api.post('/api/people', { name: 'ann smith' }, other.token)).body.data._id;
    const res = await importTranscript(server.url, other.token, theirProject, { name: 'm.json', text: original });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = MeetingExport.parse(
      JSON.parse(text((await download(`/api/meetings/${res.body.data._id}/export?format=json`, other.token)).bytes)),
    );
    expect(data.segments.map((s) => s.person?._id ?? null)).toEqual([theirAnn, null, theirAnn]);
    expect(data.actionItems.map((i) => i.person?._id ?? null)).toEqual([null, theirAnn]);
    // The owner's person was neither linked nor revealed.
    expect(JSON.stringify(data)).not.toContain(annId);
  });
});
