import { MeetingResponse, TRANSCRIPT_LIMITS, TRANSCRIPT_MESSAGES } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amiFile, amiManifest, amiSpeakers } from '../fixtures/ami-notes.ts';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript, uploadMeeting } from '../helpers/uploads.ts';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let userId: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const account = await api.register('Importer');
  token = account.token;
  userId = account.user._id;
  projectId = (await api.post('/api/projects', { name: 'Imports' }, token)).body.data._id;
});
afterAll(() => server.close());

async function allSegments(meetingId: string) {
  const res = await api.get(`/api/meetings/${meetingId}/transcriptions?page=1&limit=100`, token);
  const segments = [...res.body.data.transcriptions];
  for (let page = 2; page <= res.body.data.pagination.pages; page++) {
    segments.push(
      ...(await api.get(`/api/meetings/${meetingId}/transcriptions?page=${page}&limit=100`, token)).body.data
        .transcriptions,
    );
  }
  return segments.map(({ speaker, text, startTime, endTime, personId, isEdited }) => ({
    speaker,
    text,
    startTime,
    endTime,
    personId,
    isEdited,
  })) as Array<{ speaker: string; text: string; startTime: number; endTime: number }>;
}

const jobCount = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const meetingCount = async () =>
  (await api.get(`/api/projects/${projectId}/meetings`, token)).body.data.meetings.length as number;
const usageSeconds = async () => (await api.get('/api/users/me', token)).body.data.currentMonthUsage.duration;

// The first meeting of each of the 10 AMI series (ES2002a, IS1000a, TS3005a, ...): 2,362 real cues per format.
const amiMeetings = () => {
  const seen = new Set<string>();
  return amiManifest().filter((m) => {
    const series = m.meeting.slice(0, -1);
    if (seen.has(series)) return false;
    seen.add(series);
    return true;
  });
};

describe('importing the AMI meeting transcripts', () => {
  it('keeps every cue and the four speaker roles from WebVTT voice tags and from SubRip prefixes', async () => {
    const jobsBefore = await jobCount();
    const meetings = amiMeetings();
    expect(meetings.length).toBeGreaterThanOrEqual(8);
    for (const ami of meetings) {
      const speakers = amiSpeakers(ami.meeting).sort();
      const imported: Record<string, Awaited<ReturnType<typeof allSegments>>> = {};
      for (const format of ['vtt', 'srt'] as const) {
        const res = await importTranscript(server.url, token, projectId, {
          name: `${ami.meeting}.${format}`,
          text: amiFile(ami.meeting, format),
        });
        expect(res.status, `${ami.meeting}.${format}: ${JSON.stringify(res.body)}`).toBe(201);
        const meeting = expectSchema(MeetingResponse, res.body).data;
        expect(meeting.transcriptionStatus).toBe('completed');
        expect(meeting.transcriptionProgress).toBe(100);
        const segments = await allSegments(meeting._id);
        expect(segments, `${ami.meeting}.${format} cues`).toHaveLength(ami.cues);
        expect([...new Set(segments.map((s) => s.speaker))].sort()).toEqual(speakers);
        // Duration without audio: the end of the last cue.
        expect(meeting.duration).toBe(Math.round(Math.max(...segments.map((s) => s.endTime)) / 1000));
        imported[format] = segments;
      }
      // Both files carry the same cues: the two parsers agree cue for cue (cues starting at the same
      // instant have no order of their own, so both lists are sorted the same way).
      const canonical = (list: Awaited<ReturnType<typeof allSegments>>) =>
        [...list].sort((a, b) => a.startTime - b.startTime || a.endTime - b.endTime || a.text.localeCompare(b.text));
      expect(canonical(imported.srt!)).toEqual(canonical(imported.vtt!));
    }
    expect(await jobCount()).toBe(jobsBefore);
    // Transcript-only imports do not count toward the monthly usage (decision 071).
    expect(await usageSeconds()).toBe(0);
  });

  it('reads the first AMI cue exactly', async () => {
    const res = await importTranscript(server.url, token, projectId, {
      name: 'ES2002a.vtt',
      text: amiFile('ES2002a', 'vtt'),
    });
    const [first, , third] = await allSegments(res.body.data._id);
    expect(first).toMatchObject({ speaker: 'Project Manager', text: 'Okay.', startTime: 50_420, endTime: 50_990 });
    expect(third!.text).toMatch(/^Um well this is the kick-off meeting for our our project\./);
  });
});

describe('transcript formats', () => {
  it('takes speakers from Zoom-style "Name:" prefixes in WebVTT, and decodes entities and tags', async () => {
    const vtt = [
      'WEBVTT - exported by Zoom',
      '',
      'NOTE a comment block',
      'that spans two lines',
      '',
      '1',
      '00:00:01.000 --> 00:00:04.500 align:start',
      'Ann Smith: Hello &amp; welcome,',
      'everyone.',
      '',
      '2',
      '00:05.000 --> 00:07.250',
      '<v.loud Bob Jones>I <i>agree</i> &lt;3 &#x1F44D; &#99999999;',
      '',
      '00:00:08.000 --> 00:00:09.000',
      'no speaker here',
      '',
    ].join('\r\n');
    const res = await importTranscript(server.url, token, projectId, { name: 'zoom.vtt', text: vtt });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await allSegments(res.body.data._id)).toMatchObject([
      { speaker: 'Ann Smith', text: 'Hello & welcome, everyone.', startTime: 1000, endTime: 4500 },
      { speaker: 'Bob Jones', text: 'I agree <3 👍 &#99999999;', startTime: 5000, endTime: 7250 },
      { speaker: 'Speaker 1', text: 'no speaker here', startTime: 8000, endTime: 9000 },
    ]);
  });

  it('reads SubRip with formatting tags and without cue numbers', async () => {
    const srt =
      '\uFEFF1\n00:00:00,500 --> 00:00:02,000\n<i>Carol:</i> First line\nsecond line\n\n00:00:03,000 --> 00:00:04,000\n{\\an8}Dan: Later\n';
    const res = await importTranscript(server.url, token, projectId, { name: 'otter.srt', text: srt });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await allSegments(res.body.data._id)).toMatchObject([
      { speaker: 'Carol', text: 'First line second line', startTime: 500, endTime: 2000 },
      { speaker: 'Dan', text: 'Later', startTime: 3000, endTime: 4000 },
    ]);
  });
});

describe('Parley JSON written by hand or by another tool', () => {
  it('fills defaults, and drops NUL characters that PostgreSQL text cannot hold', async () => {
    const json = JSON.stringify({
      format: 'parley.meeting',
      version: 1,
      meeting: { title: 'Minimal' },
      segments: [{ speaker: 'Ann', text: 'nul\u0000 here', startTime: 0, endTime: 1500 }],
    });
    const res = await importTranscript(server.url, token, projectId, { name: 'minimal.json', text: json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ duration: 2, actionItemsStatus: 'not_started' });
    expect(await allSegments(res.body.data._id)).toEqual([
      { speaker: 'Ann', text: 'nul here', startTime: 0, endTime: 1500, personId: null, isEdited: false },
    ]);
  });
});

describe('a transcript with its recording', () => {
  it('plays the audio against the imported segments: duration and usage from the audio, no job', async () => {
    const jobsBefore = await jobCount();
    const usageBefore = await usageSeconds();
    const vtt = 'WEBVTT\n\n00:00:00.300 --> 00:00:04.000\n<v John F. Kennedy>And so my fellow Americans\n';
    const res = await importTranscript(
      server.url,
      token,
      projectId,
      { name: 'jfk.vtt', text: vtt },
      { audioPath: jfkWavPath() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const meeting = expectSchema(MeetingResponse, res.body).data;
    expect(meeting.transcriptionStatus).toBe('completed');
    expect(meeting.duration).toBe(11); // the recording's 11 s, not the cue's 4 s
    expect(meeting.metadata.audio).toMatchObject({ fileName: 'jfk.wav' });
    expect(await allSegments(meeting._id)).toMatchObject([{ speaker: 'John F. Kennedy', startTime: 300 }]);
    expect(await jobCount()).toBe(jobsBefore);
    expect(await usageSeconds()).toBe(usageBefore + 11);
    const audio = await api.get(`/api/projects/${projectId}/meetings/${meeting._id}/audio`, token);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
  });
});

describe('malformed and refused transcripts', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['no-header.vtt', '00:00:01.000 --> 00:00:02.000\nHi\n', /Line 1: a WebVTT file must start with 'WEBVTT'/],
    [
      'bad-time.vtt',
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nFine\n\n00:00:0x.000 --> 00:00:04.000\nBroken\n',
      /Line 6: the cue timing '00:00:0x\.000 --> 00:00:04\.000'/,
    ],
    ['backwards.vtt', 'WEBVTT\n\n00:00:05.000 --> 00:00:02.000\nHi\n', /Line 3: the cue ends before it starts/],
    [
      'no-timing.srt',
      '1\n00:00:01,000 --> 00:00:02,000\nAnn: hi\n\n2\nAnn: where is my timing\n',
      /Line 6: expected a cue timing/,
    ],
    ['empty.vtt', 'WEBVTT\n\n', /contains no cues/],
    [
      'broken.json',
      '{\n  "format": "parley.meeting",\n  "version": 1,\n  "meeting": {\n    "title": "x",,\n  }\n}',
      /Line 5: the file is not valid JSON/,
    ],
    [
      'future.json',
      JSON.stringify({ format: 'parley.meeting', version: 2, meeting: { title: 'x' }, segments: [] }),
      /only version 1 can be imported/,
    ],
    ['other.json', JSON.stringify({ hello: 'world' }), /Not a Parley export/],
    [
      'bad-segment.json',
      JSON.stringify({
        format: 'parley.meeting',
        version: 1,
        meeting: { title: 'x' },
        segments: [{ speaker: 'A', text: 'hi', startTime: 5, endTime: 1 }],
      }),
      /segments\[0\]\.endTime/,
    ],
  ];

  it('answers 400 naming the line (or field) at fault, and creates nothing', async () => {
    const before = await meetingCount();
    for (const [name, text, message] of cases) {
      const res = await importTranscript(server.url, token, projectId, { name, text });
      expectError(res, 400, message);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'transcriptFile' })]);
    }
    expect(await meetingCount()).toBe(before);
  });

  it('refuses a file that is not a transcript, and one with no files at all', async () => {
    const res = await importTranscript(server.url, token, projectId, {
      name: 'notes.docx',
      text: 'PK\u0003\u0004',
      type: 'application/zip',
    });
    expectError(res, 400, TRANSCRIPT_MESSAGES.invalidType);
    const none = await fetch(`${server.url}/api/projects/${projectId}/meetings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: (() => {
        const form = new FormData();
        form.append('title', 'Nothing');
        return form;
      })(),
    });
    expectError({ status: none.status, body: await none.json() }, 400, 'Please select an audio file');
  });

  it('limits the cue count and the file size', async () => {
    const before = await meetingCount();
    const cue = (i: number) => `${i + 1}\n00:00:01,000 --> 00:00:02,000\nA: x\n`;
    const tooMany = Array.from({ length: TRANSCRIPT_LIMITS.maxCues + 1 }, (_, i) => cue(i)).join('\n');
    const many = await importTranscript(server.url, token, projectId, { name: 'many.srt', text: tooMany });
    expectError(many, 400, new RegExp(`more than ${TRANSCRIPT_LIMITS.maxCues} cues`));
    const huge = `WEBVTT\n\nNOTE ${'x'.repeat(TRANSCRIPT_LIMITS.maxBytes)}\n`;
    const large = await importTranscript(server.url, token, projectId, { name: 'huge.vtt', text: huge });
    expectError(large, 413, TRANSCRIPT_MESSAGES.tooLarge);
    expect(await meetingCount()).toBe(before);
  });

  it('still imports a transcript over the monthly limit, but refuses audio', async () => {
    await server.ctx.db.updateTable('users').set({ monthly_duration_limit: 10 }).where('id', '=', userId).execute();
    try {
      const transcriptOnly = await importTranscript(server.url, token, projectId, {
        name: 'over.vtt',
        text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nStill here\n',
      });
      expect(transcriptOnly.status, JSON.stringify(transcriptOnly.body)).toBe(201);
      const audio = await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() });
      expectError(audio, 403, 'Monthly limit reached (0 minutes). Please upgrade to continue.');
    } finally {
      await server.ctx.db.updateTable('users').set({ monthly_duration_limit: null }).where('id', '=', userId).execute();
    }
  });
});
