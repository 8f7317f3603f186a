import { MeetingResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingLifecycle } from '../../src/services/meeting-lifecycle.ts';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

/**
 * The lifecycle's moves are compare-and-set in the database (decision 215): a move from a state its
 * table does not name leaves the row as it is, whoever asks for it.
 */
describe("a meeting's lifecycle in the database", () => {
  let server: TestServer;
  let token: string;
  let projectId: string;
  let lifecycle: ReturnType<typeof meetingLifecycle>;

  beforeAll(async () => {
    server = await startTestServer();
    const api = apiClient(server.url);
    ({ token, projectId } = await api.registerWithProject('Lifecycle'));
    lifecycle = meetingLifecycle(server.ctx.repos);
  });
  afterAll(() => server?.close());

  const states = async (id: string) => {
    const row = (await server.ctx.repos.meetings.findById(id))!;
    return { recording: row.recording_state ?? null, transcription: row.transcription_status };
  };

  it('refuses to put together a recording still under way, and to start a complete transcript again', async () => {
    const api = apiClient(server.url);
    const started = await api.post(
      `/api/projects/${projectId}/recordings`,
      { title: 'Under way', mimeType: 'audio/webm' },
      token,
    );
    const recording = expectSchema(MeetingResponse, started.body).data._id;
    const { db } = server.ctx;
    expect(await lifecycle.assembled(db, recording, { audio_key: 'audio/elsewhere.webm' })).toBe(false);
    expect(await lifecycle.assemblyFailed(db, recording, 'no')).toBe(false);
    expect(await states(recording)).toEqual({ recording: 'recording', transcription: 'pending' });
    expect((await server.ctx.repos.meetings.findById(recording))!.audio_key).toBeNull();

    const upload = await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() }, { title: 'Done' });
    const uploaded = expectSchema(MeetingResponse, upload.body).data._id;
    expect(await lifecycle.transcribed(db, uploaded, {})).toBe(true);
    expect(await lifecycle.transcriptionStarted(db, uploaded)).toBe(false);
    expect(await lifecycle.transcriptionFailed(db, uploaded, 'a late failure')).toBe(false);

    const row = (await server.ctx.repos.meetings.findById(uploaded))!;
    expect({
      status: row.transcription_status,
      progress: row.transcription_progress,
      error: row.transcription_error,
    }).toEqual({
      status: 'completed',
      progress: 100,
      error: null,
    });
  });
});
