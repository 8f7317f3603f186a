import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropped, type FakeReply, fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeMeeting, makeProject, makeUser, peoplePage } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();
// The route's page is a lazy chunk; transforming it on first use can outlast a findBy timeout.
beforeAll(() => import('@/app/AuthenticatedApp').then(() => import('@/app/pages/HomePage')), 30_000);
const standups = makeProject({ _id: 'p1', name: 'Standups' });
const retros = makeProject({ _id: 'p2', name: 'Retros' });

// jsdom's XMLHttpRequest applies CORS: the fake API answers the preflight itself.
function serveUpload(reply: () => FakeReply | Promise<FakeReply>) {
  server.on('POST /api/projects/:id/meetings', reply);
}
const uploads = () => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/meetings'));

function openApp(user = makeUser(), path = '/') {
  signIn(server, user, { projects: [standups, retros] });
  server.on('GET /api/projects/:id', (req) => ok(req.params.id === 'p2' ? retros : standups));
  server.on('GET /api/projects/:id/meetings', () => ok({ meetings: [] }));
  server.on('GET /api/projects/:id/meetings/:meetingId', (req) =>
    ok(makeMeeting({ _id: req.params.meetingId, projectId: req.params.id, title: 'Created' })),
  );
  server.on('GET /api/projects/:id/meetings/:meetingId/audio-url', () =>
    ok({ url: '/audio.webm', expiresAt: '2026-11-22T18:00:00.000Z' }),
  );
  server.on('GET /api/meetings/:meetingId/transcriptions', () =>
    ok({ transcriptions: [], pagination: { page: 1, pages: 0, total: 0, limit: 50 } }),
  );
  server.on('GET /api/people', () => ok(peoplePage()));
  return renderApp(path);
}

async function openNewMeeting(user = makeUser()) {
  const utils = openApp(user);
  await screen.findByText('No meetings yet');
  await utils.user.click(within(screen.getByRole('main')).getAllByRole('button', { name: 'New Meeting' })[0]!);
  const select = await screen.findByRole('dialog', { name: 'Select Project' });
  await utils.user.click(await within(select).findByRole('button', { name: /Standups/ }));
  const dialog = await screen.findByRole('dialog', { name: 'New Meeting' });
  return { ...utils, dialog };
}

describe('Select Project', () => {
  it('lists the projects and offers Create New Project', async () => {
    const { user } = openApp();
    await screen.findByText('No meetings yet');
    await user.click(within(screen.getByRole('main')).getAllByRole('button', { name: 'New Meeting' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Select Project' });
    expect(await within(dialog).findByRole('button', { name: /Standups/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Retros/ })).toBeInTheDocument();
    // Each project says how many meetings it holds and when it was made, so similar names are told apart.
    expect(within(dialog).getByRole('button', { name: /Retros/ })).toHaveTextContent(
      '2 meetings · created Nov 22, 2026',
    );
    await user.click(within(dialog).getByRole('button', { name: /Retros/ }));
    const next = await screen.findByRole('dialog', { name: 'New Meeting' });
    expect(next).toHaveTextContent('Record or upload audio for Retros.');
    expect(within(next).getByRole('tab', { name: 'Record' })).toHaveAttribute('aria-selected', 'true');
    expect(within(next).getByRole('tab', { name: 'Upload' })).toBeInTheDocument();
  });

  it('lists only the projects the user can add a meeting to, not one shared with them to view (issue 37)', async () => {
    signIn(server, makeUser(), {
      projects: [standups, makeProject({ _id: 'p3', name: 'Board', role: 'viewer' }), retros],
    });
    server.on('GET /api/projects/:id/meetings', () => ok({ meetings: [] }));
    const { user } = renderApp('/');
    await screen.findByText('No meetings yet');
    await user.click(within(screen.getByRole('main')).getAllByRole('button', { name: 'New Meeting' })[0]!);
    const list = within(await screen.findByRole('dialog', { name: 'Select Project' })).getByRole('list', {
      name: 'Projects',
    });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.querySelector('.font-medium')?.textContent),
    ).toEqual(['Standups', 'Retros']);
  });

  it('tells a user who only views the projects shared with them why none is listed, not that they have none', async () => {
    signIn(server, makeUser(), { projects: [makeProject({ _id: 'p3', name: 'Board', role: 'viewer' })] });
    server.on('GET /api/projects/:id/meetings', () => ok({ meetings: [] }));
    const { user } = renderApp('/');
    await screen.findByText('No meetings yet');
    await user.click(within(screen.getByRole('main')).getAllByRole('button', { name: 'New Meeting' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Select Project' });
    expect(within(dialog).queryByText('You have no projects yet.')).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The projects shared with you are yours to view only. Create a project of your own for this meeting.',
      ),
    ).toBeInTheDocument();
  });

  it('is skipped on a project screen: the project is known', async () => {
    const { user } = openApp(makeUser(), '/projects/p2');
    await screen.findByRole('heading', { level: 1, name: 'Retros' });
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'New Meeting' }));
    expect(await screen.findByRole('dialog', { name: 'New Meeting' })).toHaveTextContent('Retros');
    expect(screen.queryByRole('dialog', { name: 'Select Project' })).not.toBeInTheDocument();
  });
});

describe('monthly limit', () => {
  it('disables recording and audio but still imports a transcript, with the limit message shown', async () => {
    serveUpload(() => ok(makeMeeting({ _id: 'm7', projectId: 'p1', duration: 60 }), 201));
    const user = makeUser({
      tier: { name: 'free', limits: { monthlyDuration: 18_000, maxFileSize: 104_857_600 } },
      currentMonthUsage: { duration: 18_000, month: 11, year: 2026 },
    });
    const { dialog, user: u } = await openNewMeeting(user);
    expect(within(dialog).getByText('Monthly limit reached (300 minutes). Please upgrade to continue.')).toBeVisible();
    expect(within(dialog).getByRole('tab', { name: 'Record' })).toBeDisabled();
    // The dialog focuses the first enabled tab, Upload, which shows it; the record panel stays disabled.
    expect(within(dialog).getByRole('button', { name: 'Start Recording', hidden: true })).toBeDisabled();
    await u.click(within(dialog).getByRole('tab', { name: 'Upload' }));
    expect(within(dialog).getByLabelText('Audio file')).toBeDisabled();
    const vtt = new File(['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n'], 'over.vtt', { type: 'text/vtt' });
    await u.upload(within(dialog).getByLabelText('Transcript (optional)'), vtt);
    await u.type(within(dialog).getByLabelText('Title'), 'Imported over the limit');
    expect(within(dialog).getByText('Monthly limit reached (300 minutes). Please upgrade to continue.')).toBeVisible();
    await u.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/meetings/m7'));
    const body = String(uploads()[0]!.body);
    expect(body).toMatch(/name="transcriptFile"; filename="over.vtt"/);
    expect(body).not.toContain('name="audioFile"');
  });
});

describe('Upload tab', () => {
  async function openUpload(user = makeUser()) {
    const utils = await openNewMeeting(user);
    await utils.user.click(within(utils.dialog).getByRole('tab', { name: 'Upload' }));
    return utils;
  }
  const wav = () => new File([new Uint8Array(2048)], 'standup.wav', { type: 'audio/wav' });

  it('asks for a file and a title', async () => {
    const { dialog, user } = await openUpload();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Please select an audio file')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a meeting title')).toBeInTheDocument();
    expect(uploads()).toHaveLength(0);
  });

  it("fills the title from the file's name; emptied, the spec's message asks for one", async () => {
    const { dialog, user } = await openUpload();
    await user.upload(
      within(dialog).getByLabelText('Audio file'),
      new File([new Uint8Array(2048)], 'weekly_sync.m4a', { type: 'audio/mp4' }),
    );
    expect(within(dialog).getByLabelText('Title')).toHaveValue('weekly sync');
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Please enter a meeting title')).toBeInTheDocument();
    expect(uploads()).toHaveLength(0);
  });

  it('rejects a file of the wrong type or over the tier size', async () => {
    const user = makeUser({ tier: { name: 'tiny', limits: { monthlyDuration: 18_000, maxFileSize: 1024 * 1024 } } });
    const { dialog } = await openUpload(user);
    const input = within(dialog).getByLabelText('Audio file');
    // The picker's accept filter is only a hint (drag and drop, "All files"): the rule is checked again.
    fireEvent.change(input, { target: { files: [new File(['hi'], 'notes.txt', { type: 'text/plain' })] } });
    expect(
      within(dialog).getByText('Invalid file type. Please select an audio file (MP3, WAV, WebM, OGG, M4A).'),
    ).toBeInTheDocument();
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(1024 * 1024 + 1)], 'big.mp3', { type: 'audio/mpeg' })] },
    });
    expect(within(dialog).getByText('File size exceeds 1MB. Please select a smaller file.')).toBeInTheDocument();
  });

  it('uploads the file with its title, bumps usage and opens the new meeting', async () => {
    serveUpload(() => ok(makeMeeting({ _id: 'm9', projectId: 'p1', duration: 600 }), 201));
    const { dialog, user } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Audio file'), wav());
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), '  Planning  ');
    expect(screen.getAllByText('10 / 300 min').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/meetings/m9'));
    const body = String(uploads()[0]!.body);
    expect(body).toMatch(/name="title"\r\n\r\nPlanning\r\n/);
    expect(body).toMatch(/name="recordingType"\r\n\r\nupload\r\n/);
    expect(body).toMatch(/name="audioFile"; filename="standup.wav"/);
    expect(uploads()[0]!.headers.authorization).toBe('Bearer test-token');
    // 600 s used before, 600 s more at once: 20 minutes.
    await waitFor(() => expect(screen.getAllByText('20 / 300 min').length).toBeGreaterThan(0));
  });

  it('imports a transcript without audio: sends transcriptFile and leaves the usage as it was', async () => {
    serveUpload(() => ok(makeMeeting({ _id: 'm8', projectId: 'p1', duration: 1242 }), 201));
    const { dialog, user } = await openUpload();
    const vtt = new File(['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Ann>Hi\n'], 'standup.vtt', { type: 'text/vtt' });
    await user.upload(within(dialog).getByLabelText('Transcript (optional)'), vtt);
    expect(within(dialog).getByText('standup.vtt')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'Imported standup');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/meetings/m8'));
    const body = String(uploads()[0]!.body);
    expect(body).toMatch(/name="transcriptFile"; filename="standup.vtt"/);
    expect(body).toContain('<v Ann>Hi');
    expect(body).not.toContain('name="audioFile"');
    expect(body).not.toContain('name="duration"');
    // Transcript-only imports do not count toward the month (decision 071).
    expect(screen.getAllByText('10 / 300 min').length).toBeGreaterThan(0);
  });

  it('refuses a transcript that is not WebVTT, SubRip or Parley JSON', async () => {
    const { dialog } = await openUpload();
    fireEvent.change(within(dialog).getByLabelText('Transcript (optional)'), {
      target: { files: [new File(['hi'], 'notes.docx', { type: 'application/zip' })] },
    });
    expect(
      within(dialog).getByText(
        'Invalid transcript file. Please select a WebVTT (.vtt), SubRip (.srt) or Parley JSON (.json) file.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's message, or the connection message when there is no reply", async () => {
    let reply: FakeReply = fail(413, 'File size exceeds 100MB. Please select a smaller file.');
    serveUpload(() => reply);
    const { dialog, user } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Audio file'), wav());
    await user.type(within(dialog).getByLabelText('Title'), 'Planning');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('File size exceeds 100MB. Please select a smaller file.')).toBeVisible();

    reply = fail(500);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Failed to create meeting')).toBeVisible();

    reply = dropped();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Unable to connect to the server. Please try again.')).toBeVisible();
  });
});

// A stand-in for the browser's recorder: data arrives on start, the rest follows the real API.
class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'audio/ogg;codecs=opus';
  static last: FakeMediaRecorder | null = null;
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  mimeType: string;
  options: MediaRecorderOptions;
  timeslice?: number;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: unknown, options: MediaRecorderOptions) {
    this.options = options;
    this.mimeType = options.mimeType ?? '';
    FakeMediaRecorder.last = this;
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['ogg-bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
  /** `count` pieces of data, as every 100 ms of recording. */
  emit(count: number) {
    for (let i = 0; i < count; i++) this.ondataavailable?.({ data: new Blob(['ogg'], { type: this.mimeType }) });
  }
}

/** The server side of a recording sent in chunks (docs/decisions/150); `chunk` may answer a chunk differently. */
function serveRecording(options: { chunk?: () => FakeReply | undefined } = {}) {
  const meeting = makeMeeting({ _id: 'm7', projectId: 'p1', duration: 0, transcriptionStatus: 'pending' });
  server.on('POST /api/projects/:id/recordings', () => ok({ ...meeting, recordingState: 'recording' }, 201));
  server.on(
    'PUT /api/meetings/:meetingId/recording/chunks/:seq',
    (req) => options.chunk?.() ?? ok({ seq: Number(req.params.seq), chunks: Number(req.params.seq) + 1 }),
  );
  server.on('POST /api/meetings/:meetingId/recording/finish', () => ok({ ...meeting, recordingState: 'finishing' }));
  server.on('DELETE /api/projects/:id/meetings/:meetingId', () => ({ status: 204 }));
}
const recordingRequests = (method: string, path: string) =>
  server.requests.filter((r) => r.method === method && r.path === path);

describe('Record tab', () => {
  const stopTrack = vi.fn();
  const getUserMedia = vi.fn();

  beforeEach(() => {
    stopTrack.mockReset();
    getUserMedia.mockReset();
    getUserMedia.mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] });
    vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    URL.createObjectURL = vi.fn(() => 'blob:recording');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
  });

  it('records, pauses, stops with the spec settings and releases the microphone', async () => {
    const { dialog, user } = await openNewMeeting();
    await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { echoCancellation: true, noiseSuppression: true, sampleRate: 44_100 },
    });
    const recorder = FakeMediaRecorder.last!;
    expect(recorder.options).toEqual({ mimeType: 'audio/ogg;codecs=opus', audioBitsPerSecond: 128_000 });
    expect(recorder.timeslice).toBe(100);
    expect(within(dialog).getByRole('timer')).toHaveTextContent('00:00');
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(recorder.state).toBe('paused');
    expect(within(dialog).getByText('Paused')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    expect(recorder.state).toBe('recording');
    expect(stopTrack).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(stopTrack).toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Recording preview')).toHaveAttribute('src', 'blob:recording');
    expect(within(dialog).getByRole('button', { name: 'Use Recording' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Re-record' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:recording');
    expect(within(dialog).getByRole('button', { name: 'Start Recording' })).toBeInTheDocument();
    expect(within(dialog).getByRole('timer')).toHaveTextContent('00:00');
  });

  it('sends the recording while it is made: started with a generated title, its chunks, then Use Recording stops it and opens the meeting', async () => {
    serveRecording();
    const { dialog, user } = await openNewMeeting();
    await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await user.click(within(dialog).getByRole('button', { name: 'Use Recording' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/meetings/m7'));
    const [started] = recordingRequests('POST', '/api/projects/p1/recordings');
    expect(started!.body).toEqual({
      title: expect.stringMatching(/^Meeting - [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/),
      mimeType: 'audio/ogg;codecs=opus',
      source: 'microphone',
    });
    expect(recordingRequests('PUT', '/api/meetings/m7/recording/chunks/0').map((r) => r.body)).toEqual(['ogg-bytes']);
    expect(recordingRequests('POST', '/api/meetings/m7/recording/finish').map((r) => r.body)).toEqual([{ chunks: 1 }]);
  });

  it('shows the words live while recording, and says so when the network is gone and what waits', async () => {
    let online = false;
    serveRecording({ chunk: () => (online ? undefined : { dropConnection: true }) });
    server.on('GET /api/meetings/:meetingId/live/stream', () => ({
      headers: { 'content-type': 'text/event-stream' },
      raw: `data: ${JSON.stringify({
        type: 'transcript',
        transcript: {
          meetingId: 'm7',
          recordingState: 'recording',
          receivedSeconds: 2,
          updatedAt: '2026-11-22T16:05:30.000Z',
          segments: [{ startTime: 0.2, endTime: 1.8, text: 'Good morning everyone', final: false }],
        },
      })}\n\n`,
    }));
    const { dialog, user } = await openNewMeeting();
    await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
    act(() => FakeMediaRecorder.last!.emit(20)); // 2 s of data: the first chunk
    expect(
      await within(dialog).findByText('Offline: recording continues, 00:02 waiting to upload'),
    ).toBeInTheDocument();
    const log = within(dialog).getByRole('log', { name: 'Live transcript' });
    expect(await within(log).findByText('Good morning everyone')).toBeInTheDocument();
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(within(dialog).queryByText(/^Offline:/)).not.toBeInTheDocument());
    expect(recordingRequests('PUT', '/api/meetings/m7/recording/chunks/0').length).toBeGreaterThanOrEqual(2);
  });

  it('asks before Escape throws a running recording away; Keep recording keeps it going', async () => {
    const { dialog, user } = await openNewMeeting();
    await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
    await within(dialog).findByRole('button', { name: 'Stop' });
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard this recording?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep recording' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'New Meeting' })).toBeInTheDocument();
    expect(FakeMediaRecorder.last!.state).toBe('recording');
    expect(stopTrack).not.toHaveBeenCalled();
  });

  it.each([
    [
      'the close button',
      (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Close' })),
    ],
    [
      'Cancel',
      (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Cancel' })),
    ],
  ])('asks before %s throws a stopped recording away; Discard closes and releases the microphone', async (_, close) => {
    const { dialog, user } = await openNewMeeting();
    await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Stop' }));
    await within(dialog).findByRole('button', { name: 'Use Recording' });
    await close(user, dialog);
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard this recording?' });
    expect(screen.getByRole('dialog', { name: 'New Meeting' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Meeting' })).not.toBeInTheDocument());
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:recording');
  });

  it('releases the microphone when a paused recording is discarded', async () => {
    const { dialog, user } = await openNewMeeting();
    await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Pause' }));
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard this recording?' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Meeting' })).not.toBeInTheDocument());
    expect(stopTrack).toHaveBeenCalled();
    expect(FakeMediaRecorder.last!.state).toBe('inactive');
  });

  it('closes at once when nothing was recorded', async () => {
    const { user } = await openNewMeeting();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Meeting' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('warns before the tab closes or reloads while a recording exists, and not otherwise', async () => {
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const { dialog, user } = await openNewMeeting();
    expect(unload()).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
    await within(dialog).findByRole('button', { name: 'Stop' });
    expect(unload()).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(unload()).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Re-record' }));
    expect(unload()).toBe(false);
  });

  it('saves the generated title the placeholder showed, even minutes later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-22T16:05:30.000Z') });
    try {
      serveRecording();
      const { dialog, user } = await openNewMeeting();
      const placeholder = within(dialog).getByLabelText('Title (optional)').getAttribute('placeholder');
      expect(placeholder).toMatch(/^Meeting - Nov 22, 2026, \d{1,2}:\d{2} [AP]M$/);
      await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
      await act(() => vi.advanceTimersByTimeAsync(3 * 60_000));
      await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
      expect(within(dialog).getByLabelText('Title (optional)')).toHaveAttribute('placeholder', placeholder);
      await user.click(within(dialog).getByRole('button', { name: 'Use Recording' }));
      await waitFor(() => expect(recordingRequests('POST', '/api/projects/p1/recordings')).toHaveLength(1));
      expect(recordingRequests('POST', '/api/projects/p1/recordings')[0]!.body).toMatchObject({ title: placeholder });
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    [
      new DOMException('denied', 'NotAllowedError'),
      'Microphone permission denied. Please allow microphone access to record.',
    ],
    [new DOMException('none', 'NotFoundError'), 'No microphone found. Please connect a microphone and try again.'],
    [new Error('device busy'), 'Failed to start recording: device busy'],
  ])('shows %s under Recording Error and stays idle', async (error, message) => {
    getUserMedia.mockRejectedValue(error);
    const { dialog, user } = await openNewMeeting();
    await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Recording Error');
    expect(alert).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Start Recording' })).toBeEnabled();
  });
});

// Browser stand-ins for tab capture and Web Audio: tracks that record their stop and fire 'ended'.
function fakeTrack(kind: 'audio' | 'video') {
  const listeners: (() => void)[] = [];
  return {
    kind,
    stop: vi.fn(),
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    end: () => {
      for (const listener of listeners) listener();
    },
  };
}
class FakeMediaStream {
  private readonly tracks: ReturnType<typeof fakeTrack>[];
  constructor(tracks: ReturnType<typeof fakeTrack>[] = []) {
    this.tracks = tracks;
  }
  getTracks = () => this.tracks;
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
}
class FakeAudioContext {
  static last: FakeAudioContext | null = null;
  /** [source stream, merger input] for each side. */
  sides: [unknown, number][] = [];
  destinationTrack = fakeTrack('audio');
  closed = false;
  constructor() {
    FakeAudioContext.last = this;
  }
  resume = async () => {};
  close = async () => {
    this.closed = true;
  };
  createChannelMerger = (channels: number) => ({ channels, connect: () => undefined });
  createGain = () => ({ channelCount: 2 });
  createMediaStreamSource = (stream: unknown) => ({
    connect: () => ({
      connect: (_merger: unknown, _out: number, input: number) => this.sides.push([stream, input]),
    }),
  });
  createMediaStreamDestination = () => ({ channelCount: 1, stream: new FakeMediaStream([this.destinationTrack]) });
}

describe('Record tab: a call from a browser tab', () => {
  const micTrack = fakeTrack('audio');
  let tabAudio = fakeTrack('audio');
  let tabVideo = fakeTrack('video');
  const getDisplayMedia = vi.fn();

  function devices(withTabAudio: boolean) {
    Object.defineProperty(navigator, 'mediaDevices', {
      value: {
        getUserMedia: vi.fn(async () => new FakeMediaStream([micTrack])),
        ...(withTabAudio
          ? { getDisplayMedia, getSupportedConstraints: () => ({ suppressLocalAudioPlayback: true }) }
          : {}),
      },
      configurable: true,
    });
  }

  beforeEach(() => {
    micTrack.stop.mockReset();
    tabAudio = fakeTrack('audio');
    tabVideo = fakeTrack('video');
    getDisplayMedia.mockReset();
    getDisplayMedia.mockImplementation(async () => new FakeMediaStream([tabVideo, tabAudio]));
    vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
    vi.stubGlobal('MediaStream', FakeMediaStream);
    vi.stubGlobal('AudioContext', FakeAudioContext);
    URL.createObjectURL = vi.fn(() => 'blob:recording');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
  });

  it("is off and disabled, with the reason, where the browser cannot share a tab's audio", async () => {
    devices(false);
    serveRecording();
    const { dialog, user } = await openNewMeeting();
    const tabSwitch = within(dialog).getByRole('switch', { name: 'Include audio from a browser tab' });
    expect(tabSwitch).toBeDisabled();
    expect(tabSwitch).not.toBeChecked();
    expect(tabSwitch).toHaveAccessibleDescription("This browser can't share a tab's audio");
    await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await user.click(within(dialog).getByRole('button', { name: 'Use Recording' }));
    await waitFor(() => expect(recordingRequests('POST', '/api/projects/p1/recordings')).toHaveLength(1));
    expect(recordingRequests('POST', '/api/projects/p1/recordings')[0]!.body).toMatchObject({ source: 'microphone' });
  });

  it('records the microphone left and the tab right, started as a call, and releases every track on Stop', async () => {
    devices(true);
    serveRecording();
    const { dialog, user } = await openNewMeeting();
    const tabSwitch = within(dialog).getByRole('switch', { name: 'Include audio from a browser tab' });
    expect(tabSwitch).toBeEnabled();
    await user.click(tabSwitch);
    expect(tabSwitch).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
    expect(getDisplayMedia).toHaveBeenCalledWith(expect.objectContaining({ video: true, audio: expect.anything() }));
    expect(tabVideo.stop).toHaveBeenCalled(); // only the tab's audio is kept
    const mix = FakeAudioContext.last!;
    expect(mix.sides.map(([stream, input]) => [(stream as FakeMediaStream).getTracks()[0], input])).toEqual([
      [micTrack, 0],
      [tabAudio, 1],
    ]);

    act(() => tabAudio.end()); // the person stops sharing the tab
    expect(
      within(dialog).getByText('The tab stopped sharing: recording continues with the microphone alone.'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(micTrack.stop).toHaveBeenCalled();
    expect(tabAudio.stop).toHaveBeenCalled();
    expect(mix.destinationTrack.stop).toHaveBeenCalled();
    expect(mix.closed).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Use Recording' }));
    await waitFor(() => expect(recordingRequests('POST', '/api/projects/p1/recordings')).toHaveLength(1));
    expect(recordingRequests('POST', '/api/projects/p1/recordings')[0]!.body).toMatchObject({ source: 'call' });
  });

  it('records the microphone alone, and says so, when the tab chosen shares no audio', async () => {
    devices(true);
    getDisplayMedia.mockImplementation(async () => new FakeMediaStream([tabVideo]));
    serveRecording();
    const { dialog, user } = await openNewMeeting();
    await user.click(within(dialog).getByRole('switch', { name: 'Include audio from a browser tab' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
    expect(
      within(dialog).getByText(/^The tab you chose shares no audio: recording the microphone alone/),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(tabVideo.stop).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Use Recording' }));
    await waitFor(() => expect(recordingRequests('POST', '/api/projects/p1/recordings')).toHaveLength(1));
    expect(recordingRequests('POST', '/api/projects/p1/recordings')[0]!.body).toMatchObject({ source: 'microphone' });
  });
});

describe('switching tabs', () => {
  it('keeps a recording going and a chosen file when the other tab is shown', async () => {
    const stopTrack = vi.fn();
    vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] }) },
      configurable: true,
    });
    const { dialog, user } = await openNewMeeting();
    await user.click(within(dialog).getByRole('button', { name: 'Start Recording' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Upload' }));
    await user.upload(within(dialog).getByLabelText('Audio file'), new File(['x'], 'a.wav', { type: 'audio/wav' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Record' }));
    expect(FakeMediaRecorder.last!.state).toBe('recording');
    expect(stopTrack).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Stop' })).toBeVisible();
    await user.click(within(dialog).getByRole('tab', { name: 'Upload' }));
    expect(within(dialog).getByText('a.wav')).toBeVisible();
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
  });
});
