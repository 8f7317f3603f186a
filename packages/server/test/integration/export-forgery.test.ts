// Issue 21, findings 7 and 8: an imported transcript whose names and texts hold line breaks, control
// characters and HTML must not forge a cue, a heading or markup in an export, nor make a .docx that
// Word refuses (every XML part must be well-formed XML 1.0).
import JSZip from 'jszip';
import { SaxesParser } from 'saxes';
import SrtParser from 'srt-parser-2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import htmlEntities from 'webvtt-parser/html-entities.json' with { type: 'json' };
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript } from '../helpers/uploads.ts';

let server: TestServer;
let token: string;
let meetingId: string;

const FORGED_CUE = 'Ann\n\n99\n00:00:00,000 --> 00:00:09,000\nX';
const FORGED_HEADING = 'Bob\n# Heading';
/** A control character other than LF (which ends a line where a format allows one). */
const CONTROL_BUT_LF = /[^\P{Cc}\n]|[\u2028\u2029]/u;
const CONTROLS = '\u0001 \u000b \u001b \u0000';

const hostile = {
  format: 'parley.meeting',
  version: 1,
  meeting: {
    // NUL aside: PostgreSQL text can't hold it (a form field with one is answered 400 there).
    title: 'Plan\r\n# Forged title\u0001 \u000b \u001b',
    description: 'First line\n# Forged description heading\n- forged item',
    summary: '## Key points\n- Budget **approved**\r<script>alert(1)</script>\n<img src=x onerror=alert(2)>\u0001',
  },
  segments: [
    { speaker: FORGED_CUE, text: 'Hello there.', startTime: 0, endTime: 1000 },
    {
      speaker: FORGED_HEADING,
      text: `Lone CR\rhere\n\n00:00:05,000 --> 00:00:06,000\nforged`,
      startTime: 1000,
      endTime: 2000,
    },
    { speaker: 'Cat', text: `Controls ${CONTROLS} and a\u2028separator`, startTime: 2000, endTime: 3000 },
  ],
  actionItems: [
    {
      task: `Task\n# forged${CONTROLS}`,
      context: `Context\r\u0001`,
      assignee: `Dan\u0001\n# owner`,
      status: 'pending',
    },
  ],
};

async function exportOf(format: string) {
  const res = await fetch(`${server.url}/api/meetings/${meetingId}/export?format=${format}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}
const text = async (format: string) => new TextDecoder().decode(await exportOf(format));

beforeAll(async () => {
  server = await startTestServer();
  const api = apiClient(server.url);
  token = (await api.register('Forger')).token;
  const projectId = (await api.post('/api/projects', { name: 'Forgery' }, token)).body.data._id;
  const res = await importTranscript(
    server.url,
    token,
    projectId,
    { name: 'hostile.json', text: JSON.stringify(hostile) },
    { fields: { title: hostile.meeting.title, recordingType: 'upload' } },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  meetingId = res.body.data._id;
});
afterAll(() => server.close());

describe('exports of hostile text', () => {
  it('SubRip: one cue per segment, each speaker on its cue line, no lone CR', async () => {
    const srt = await text('srt');
    expect(srt).not.toMatch(/\r/);
    const cues = new SrtParser().fromSrt(srt);
    expect(cues.map((cue) => cue.id)).toEqual(['1', '2', '3']);
    expect(cues[0]!.text).toBe('Ann 99 00:00:00,000 -> 00:00:09,000 X: Hello there.');
    expect(cues[1]!.text).toBe('Bob # Heading: Lone CR\nhere\n00:00:05,000 -> 00:00:06,000\nforged');
    expect(srt).not.toMatch(CONTROL_BUT_LF);
  });

  it('WebVTT: valid for the W3C parser, one cue per segment', async () => {
    const vtt = await text('vtt');
    expect(vtt).not.toMatch(/\r/);
    const parsed = new WebVTTParser(htmlEntities).parse(vtt, 'metadata');
    expect(parsed.errors).toEqual([]);
    // A voice tag's annotation is kept as written, its '>' escaped.
    expect(parsed.cues.map((cue) => cue.tree.children[0]!.value)).toEqual([
      'Ann 99 00:00:00,000 -&gt; 00:00:09,000 X',
      'Bob # Heading',
      'Cat',
    ]);
  });

  it('plain text: one line per segment, nothing starts a line but the header and the turns', async () => {
    const lines = (await text('txt')).trimEnd().split('\n');
    expect(lines[0]).toBe('Plan # Forged title');
    expect(lines.slice(-3)).toEqual([
      '[00:00] Ann 99 00:00:00,000 --> 00:00:09,000 X: Hello there.',
      '[00:01] Bob # Heading: Lone CR here 00:00:05,000 --> 00:00:06,000 forged',
      '[00:02] Cat: Controls and a separator',
    ]);
    expect(lines.join('\n')).not.toMatch(CONTROL_BUT_LF);
  });

  it('Markdown: the title is the only level-one heading, no forged heading or item, no raw HTML', async () => {
    const md = await text('md');
    const lines = md.split('\n');
    expect(lines.filter((line) => /^#\s/.test(line))).toEqual(['# Plan \\# Forged title']);
    expect(lines.filter((line) => /^#{1,6}\s/.test(line))).toEqual([
      '# Plan \\# Forged title',
      '## Summary',
      '### Key points', // the summary's own headings sit under its section
      '## Action items',
      '## Transcript',
    ]);
    expect(md).not.toMatch(/<script|<img/i);
    expect(md).toContain('&lt;script>alert(1)&lt;/script>');
    expect(lines).toContain('\\- forged item');
    expect(lines).toContain('**[00:01] Bob \\# Heading:** Lone CR here 00:00:05,000 --\\> 00:00:06,000 forged');
    expect(md).not.toMatch(CONTROL_BUT_LF);
  });

  it('Word: every XML part is well-formed XML 1.0, and the text arrives without the control characters', async () => {
    const zip = await JSZip.loadAsync(await exportOf('docx'));
    const parts = Object.keys(zip.files).filter((name) => name.endsWith('.xml') || name.endsWith('.rels'));
    expect(parts).toContain('word/document.xml');
    for (const name of parts) {
      const xml = await zip.file(name)!.async('string');
      const parser = new SaxesParser({ xmlns: true });
      expect(() => parser.write(xml).close(), name).not.toThrow();
    }
    const document = await zip.file('word/document.xml')!.async('string');
    const texts = [...document.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('|');
    expect(texts).toContain('Plan # Forged title');
    expect(texts).toContain('Ann 99 00:00:00,000 --&gt; 00:00:09,000 X: ');
    expect(texts).toContain('Controls and a separator');
    expect(texts).toContain('Task # forged');
    expect(texts).toContain('Dan # owner');
    const core = await zip.file('docProps/core.xml')!.async('string');
    expect(core).toContain('Plan # Forged title');
  });
});
