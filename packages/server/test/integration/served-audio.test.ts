import { Readable } from 'node:stream';
import { MESSAGES } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, expectError } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// A stored recording is served only as the audio type Parley decided from its bytes, with headers that
// keep a browser from running anything in it (decision 200).
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  ({ token, projectId } = await api.registerWithProject('Served'));
});
afterAll(() => server.close());

const SCRIPT = '<html><script>fetch("/steal?"+localStorage.auth_token)</script></html>';

/**
 * One second of 8 kHz silence as a WAV that ffmpeg decodes, carrying an HTML page with a script in a
 * chunk of its own (a browser sniffing it, or told it is text/html, finds the page).
 */
function wavThatIsAlsoHtml(): Uint8Array {
  const page = Buffer.from(SCRIPT.padEnd(SCRIPT.length + (SCRIPT.length % 2), ' '));
  const samples = 8000;
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0);
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8); // PCM
  fmt.writeUInt16LE(1, 10); // mono
  fmt.writeUInt32LE(8000, 12);
  fmt.writeUInt32LE(16000, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const html = Buffer.concat([Buffer.from('html'), Buffer.alloc(4), page]);
  html.writeUInt32LE(page.length, 4);
  const data = Buffer.concat([Buffer.from('data'), Buffer.alloc(4), Buffer.alloc(samples * 2)]);
  data.writeUInt32LE(samples * 2, 4);
  const body = Buffer.concat([Buffer.from('WAVE'), html, fmt, data]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0);
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

function expectServedAsAudio(res: { status: number; headers: Headers }, mime = 'audio/wav') {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(mime);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
}

async function everyRoute(meetingId: string) {
  const path = `/api/projects/${projectId}/meetings/${meetingId}`;
  const url = (await api.get(`${path}/audio-url`, token)).body.data.url as string;
  const share = await api.post(`/api/meetings/${meetingId}/shares`, { includeAudio: true }, token);
  expect(share.status, JSON.stringify(share.body)).toBe(201);
  const shareToken = new URL(share.body.data.url).pathname.split('/').pop();
  return [
    await api.get(`${path}/audio`, token),
    await api.get(url),
    await api.request('GET', `${path}/audio?download=1`, { token }),
    await api.get(`/api/shared/${shareToken}/audio`),
  ];
}

describe('serving stored recordings', () => {
  it('serves a WAV that is also HTML, declared text/html, as audio/wav with a strict policy on every route', async () => {
    const upload = await uploadMeeting(server.url, token, projectId, {
      bytes: wavThatIsAlsoHtml(),
      name: 'song.wav',
      type: 'text/html',
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    expect(upload.body.data.metadata.audio.mimeType).toBe('audio/wav');
    const [owner, byUrl, download, shared] = await everyRoute(upload.body.data._id);
    for (const res of [owner!, byUrl!, download!, shared!]) {
      expectServedAsAudio(res);
      expect(res.body).toContain('<script>'); // the same bytes: only their type and policy differ
    }
    expect(download!.headers.get('content-disposition')).toMatch(/^attachment; .*\.wav/);
  });

  it('decides from the bytes for a row stored before, whatever type the row holds', async () => {
    const upload = await uploadMeeting(server.url, token, projectId, { bytes: wavThatIsAlsoHtml(), name: 'a.wav' });
    const meetingId = upload.body.data._id as string;
    await server.ctx.db
      .updateTable('meetings')
      .set({ audio_mime: 'text/javascript' })
      .where('id', '=', meetingId)
      .execute();
    for (const res of await everyRoute(meetingId)) expectServedAsAudio(res);
  });

  it('serves no stored file that is none of the audio types (415), on any route', async () => {
    const upload = await uploadMeeting(server.url, token, projectId, { bytes: wavThatIsAlsoHtml(), name: 'b.wav' });
    const meetingId = upload.body.data._id as string;
    // A file kept from before uploads were checked: an HTML page under a recording's key.
    const key = `audio/legacy/${meetingId}.wav`;
    await server.ctx.storage.store(key, Readable.from([Buffer.from(SCRIPT)]), async () => undefined);
    await server.ctx.db
      .updateTable('meetings')
      .set({ audio_key: key, audio_mime: 'text/html' })
      .where('id', '=', meetingId)
      .execute();
    for (const res of await everyRoute(meetingId)) {
      expectError(res, 415, 'The recording is not in an audio format Parley serves');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('refuses at upload audio that ffmpeg reads but that is none of the served types', async () => {
    // AIFF: a container Parley does not serve, sent as a WAV.
    const res = await uploadMeeting(server.url, token, projectId, { bytes: aiffOfSilence(), name: 'x.wav' });
    expectError(res, 400, MESSAGES.invalidFileType);
    expect(res.body.errors).toEqual([{ path: 'audioFile', message: MESSAGES.invalidFileType }]);
  });
});

/** One second of 8 kHz 16-bit mono silence as AIFF (big-endian PCM in FORM/COMM/SSND chunks). */
function aiffOfSilence(): Uint8Array {
  const samples = 8000;
  const comm = Buffer.alloc(26);
  comm.write('COMM', 0);
  comm.writeUInt32BE(18, 4);
  comm.writeUInt16BE(1, 8); // channels
  comm.writeUInt32BE(samples, 10);
  comm.writeUInt16BE(16, 14); // bits
  // 8000 as an 80-bit extended float: exponent 16383 + 12, mantissa 8000 << 51.
  comm.writeUInt16BE(16383 + 12, 16);
  comm.writeUInt32BE(0xfa000000, 18);
  const ssnd = Buffer.alloc(16 + samples * 2);
  ssnd.write('SSND', 0);
  ssnd.writeUInt32BE(8 + samples * 2, 4);
  const body = Buffer.concat([Buffer.from('AIFF'), comm, ssnd]);
  const form = Buffer.alloc(8);
  form.write('FORM', 0);
  form.writeUInt32BE(body.length, 4);
  return Buffer.concat([form, body]);
}
