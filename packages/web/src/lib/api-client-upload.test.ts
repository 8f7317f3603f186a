import { describe, expect, it } from 'vitest';
import { dropped, type FakeReply, fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeMeeting } from '@/test/fixtures';
import { ApiError, apiUpload, NETWORK_ERROR_MESSAGE } from './api-client';

const server = setupFakeApi();

// jsdom's XMLHttpRequest applies CORS: the fake API answers the preflight itself.
const serve = (reply: FakeReply) => server.on('POST /api/projects/:id/meetings', () => reply);
const UPLOAD = '/api/projects/p1/meetings';
const form = () => {
  const data = new FormData();
  data.append('audioFile', new Blob([new Uint8Array(64 * 1024)], { type: 'audio/wav' }), 'a.wav');
  return data;
};

describe('apiUpload (the XMLHttpRequest transport)', () => {
  // jsdom sends no upload progress events; the end-to-end upload test watches the real bar move.
  it('sends the bearer token and returns the JSON body', async () => {
    localStorage.setItem('auth_token', 'secret');
    serve(ok(makeMeeting({ _id: 'm1' }), 201));
    const reply = await apiUpload<{ data: { _id: string } }>(UPLOAD, { body: form() });
    expect(reply.data._id).toBe('m1');
    expect(server.requests.find((r) => r.method === 'POST')?.headers.authorization).toBe('Bearer secret');
  });

  it('maps errors like api-client: the server message, else HTTP status and text', async () => {
    serve(fail(413, 'File size exceeds 1MB. Please select a smaller file.'));
    await expect(apiUpload(UPLOAD, { body: form() })).rejects.toMatchObject({
      status: 413,
      message: 'File size exceeds 1MB. Please select a smaller file.',
    });
    serve({ status: 500, statusText: 'Internal Server Error' });
    const error = await apiUpload(UPLOAD, { body: form() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, message: 'HTTP 500: Internal Server Error' });
  });

  it('gives status 0 when no reply arrives, and an AbortError when cancelled', async () => {
    serve(dropped());
    await expect(apiUpload(UPLOAD, { body: form() })).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
    const controller = new AbortController();
    controller.abort();
    await expect(apiUpload(UPLOAD, { body: form(), signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
