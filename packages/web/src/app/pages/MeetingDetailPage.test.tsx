import type { Meeting } from '@parley/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeMeeting, makeProject, makeSegment, peoplePage } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();
// The route's page is a lazy chunk; transforming it on first use can outlast a findBy timeout.
beforeAll(() => import('@/app/AuthenticatedApp').then(() => import('@/app/pages/MeetingDetailPage')), 30_000);
const project = makeProject({ _id: 'p1', name: 'Standups' });

function serveMeeting(meeting: () => Meeting | ReturnType<typeof fail>, { segments = [makeSegment()] } = {}) {
  signIn(server, undefined, { projects: [project] });
  server.on('GET /api/projects/:id', () => ok(project));
  server.on('GET /api/projects/:id/meetings', () => ok({ meetings: [] }));
  server.on('GET /api/projects/:id/meetings/:meetingId', () => {
    const value = meeting();
    return 'status' in value ? value : ok(value);
  });
  server.on('GET /api/projects/:id/meetings/:meetingId/audio-url', () =>
    ok({ url: '/api/audio/m1?token=abc', expiresAt: '2026-11-22T18:00:00.000Z' }),
  );
  server.on('GET /api/meetings/:meetingId/transcriptions', () =>
    ok({ transcriptions: segments, pagination: { page: 1, pages: 1, total: segments.length, limit: 50 } }),
  );
  server.on('GET /api/people', () => ok(peoplePage()));
}

const meetingRequests = () => server.requests.filter((r) => r.path === '/api/projects/p1/meetings/m1');

describe('meeting detail', () => {
  it('shows the breadcrumb, header, player and the Transcription tab first', async () => {
    serveMeeting(() => makeMeeting({ _id: 'm1', projectId: 'p1', title: 'Kick-off', duration: 125 }));
    renderApp('/projects/p1/meetings/m1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kick-off' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(await within(breadcrumb).findByRole('link', { name: 'Standups' })).toHaveAttribute('href', '/projects/p1');
    expect(within(breadcrumb).getByText('Kick-off')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/^Created on Nov 22, 2026, \d{1,2}:\d{2} [AP]M$/)).toBeInTheDocument();
    expect(screen.getByText('2:05')).toBeInTheDocument();
    expect(await screen.findByLabelText('Meeting recording')).toHaveAttribute('src', '/api/audio/m1?token=abc');
    expect(screen.getByRole('tab', { name: 'Transcription' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Action Items' })).toBeInTheDocument();
  });

  it('shows a meeting imported without audio with no player, and offers Export and Copy transcript', async () => {
    serveMeeting(() => makeMeeting({ _id: 'm1', projectId: 'p1', title: 'Imported', metadata: {} }));
    renderApp('/projects/p1/meetings/m1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Imported' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Copy transcript' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Meeting recording')).not.toBeInTheDocument();
    expect(server.requests.some((r) => r.path.endsWith('/audio-url'))).toBe(false);
  });

  it('after "Delete recording, keep transcript" shows no player controls and never asks for the audio again', async () => {
    let audio = true;
    serveMeeting(() =>
      makeMeeting({
        _id: 'm1',
        projectId: 'p1',
        title: 'Kept words',
        transcriptionStatus: 'completed',
        ...(audio ? {} : { metadata: {}, audioDeletedAt: '2026-11-23T10:00:00.000Z' }),
      }),
    );
    server.on('DELETE /api/projects/:id/meetings/:meetingId/audio', () => {
      audio = false;
      return { status: 204 };
    });
    renderApp('/projects/p1/meetings/m1');
    expect(await screen.findByLabelText('Meeting recording')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Play from / })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete recording, keep transcript' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete recording' }));
    await waitFor(() => expect(screen.queryByLabelText('Meeting recording')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Play from / })).not.toBeInTheDocument();
    expect(screen.getByText('00:05 - 00:09')).toBeInTheDocument();
    await waitFor(() => expect(meetingRequests().length).toBeGreaterThanOrEqual(2));
    const asked = server.requests.filter((r) => r.path.endsWith('/audio-url'));
    expect(asked).toHaveLength(1);
  });

  it("falls back to 'Untitled Meeting', 'Meeting', 'Project' and 'Unknown date'", async () => {
    serveMeeting(() => makeMeeting({ _id: 'm1', projectId: 'p1', title: '', duration: 0 }));
    server.on('GET /api/projects/:id', () => fail(500));
    renderApp('/projects/p1/meetings/m1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Untitled Meeting' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByText('Meeting')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(within(breadcrumb).getByRole('link', { name: 'Project' })).toBeInTheDocument());
    expect(screen.queryByText('N/A')).not.toBeInTheDocument();
  });

  it("shows 'Meeting not found' with Return to Home on 404", async () => {
    serveMeeting(() => fail(404, 'Meeting not found'));
    renderApp('/projects/p1/meetings/m1');
    expect(await screen.findByText('Meeting not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it("shows 'Failed to load meeting' for other errors without a message", async () => {
    serveMeeting(() => fail(500));
    renderApp('/projects/p1/meetings/m1');
    expect(await screen.findByText('Failed to load meeting', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("polls while processing, shows 'Processing...' and a progress bar, then loads page 1 of the transcript", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let status: Meeting['transcriptionStatus'] = 'processing';
      serveMeeting(
        () =>
          makeMeeting({
            _id: 'm1',
            projectId: 'p1',
            transcriptionStatus: status,
            transcriptionProgress: status === 'completed' ? 100 : 40,
          }),
        { segments: [makeSegment({ text: 'Good morning everyone' })] },
      );
      renderApp('/projects/p1/meetings/m1');
      expect(await screen.findByText('Processing...')).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Transcription progress' })).toHaveAttribute(
        'aria-valuenow',
        '40',
      );
      expect(server.requests.some((r) => r.path.endsWith('/transcriptions'))).toBe(false);
      status = 'completed';
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(await screen.findByText('Good morning everyone')).toBeInTheDocument();
      expect(meetingRequests().length).toBeGreaterThanOrEqual(2);
      expect(screen.queryByText('Processing...')).not.toBeInTheDocument();
      const page = server.requests.find((r) => r.path === '/api/meetings/m1/transcriptions');
      expect(page?.query.get('page')).toBe('1');
      // Finished: no more polling.
      const count = meetingRequests().length;
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(meetingRequests().length).toBe(count);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the transcription error when it failed', async () => {
    serveMeeting(() =>
      makeMeeting({
        _id: 'm1',
        projectId: 'p1',
        transcriptionStatus: 'failed',
        transcriptionError: 'The file contains no audio',
      }),
    );
    renderApp('/projects/p1/meetings/m1');
    expect((await screen.findAllByText('The file contains no audio')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Processing...')).not.toBeInTheDocument();
  });

  it('says what was done with a recording of more than two channels once it is transcribed', async () => {
    const notice =
      'This recording has 6 audio channels. Parley heard them mixed into one, so speakers are told apart by their voices alone.';
    serveMeeting(() =>
      makeMeeting({ _id: 'm1', projectId: 'p1', transcriptionStatus: 'completed', transcriptionNotice: notice }),
    );
    renderApp('/projects/p1/meetings/m1');
    expect(await screen.findByRole('alert')).toHaveTextContent(notice);
  });

  it('renames the meeting from its header; a blank title is refused inline', async () => {
    let title = 'Kick-off';
    let body: unknown;
    serveMeeting(() => makeMeeting({ _id: 'm1', projectId: 'p1', title }));
    server.on('PUT /api/projects/:id/meetings/:meetingId', (req) => {
      body = req.body;
      title = (req.body as { title: string }).title;
      return ok(makeMeeting({ _id: 'm1', projectId: 'p1', title }));
    });
    const { user } = renderApp('/projects/p1/meetings/m1');
    await screen.findByRole('heading', { level: 1, name: 'Kick-off' });
    await user.click(await screen.findByRole('button', { name: 'Rename meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Meeting' });
    const field = within(dialog).getByLabelText('Title');
    expect(field).toHaveValue('Kick-off');
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a meeting title')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    await user.clear(field);
    await user.type(field, '  Planning review ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename Meeting' })).not.toBeInTheDocument());
    expect(body).toEqual({ title: 'Planning review' });
    expect(screen.getByRole('heading', { level: 1, name: 'Planning review' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Planning review'),
    ).toBeInTheDocument();
  });

  it("shows the server's message when the rename fails", async () => {
    serveMeeting(() => makeMeeting({ _id: 'm1', projectId: 'p1', title: 'Kick-off' }));
    server.on('PUT /api/projects/:id/meetings/:meetingId', () => fail(400, 'Title must be at most 200 characters'));
    const { user } = renderApp('/projects/p1/meetings/m1');
    await user.click(await screen.findByRole('button', { name: 'Rename meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Meeting' });
    await user.type(within(dialog).getByLabelText('Title'), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title must be at most 200 characters')).toBeInTheDocument();
  });

  it('deletes the meeting from its header and returns to the project', async () => {
    let deleted = false;
    serveMeeting(() => makeMeeting({ _id: 'm1', projectId: 'p1', title: 'Kick-off' }));
    server.on('DELETE /api/projects/:id/meetings/:meetingId', () => {
      deleted = true;
      return { status: 204 };
    });
    const { user } = renderApp('/projects/p1/meetings/m1');
    await user.click(await screen.findByRole('button', { name: 'Delete meeting' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Meeting' });
    expect(dialog).toHaveTextContent('The meeting, its audio file and all transcriptions will be permanently removed.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/projects\/p1$/));
    expect(deleted).toBe(true);
  });

  it('mounts the Summary and Action Items tabs, which call nothing until asked', async () => {
    serveMeeting(() => makeMeeting({ _id: 'm1', projectId: 'p1' }));
    const { user } = renderApp('/projects/p1/meetings/m1');
    await user.click(await screen.findByRole('tab', { name: 'Summary' }));
    expect(screen.getByText('No Summary Available')).toBeInTheDocument();
    expect(screen.getByText("Generate an AI summary of this meeting's transcription.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Summary' })).toBeEnabled();
    await user.click(screen.getByRole('tab', { name: 'Action Items' }));
    expect(screen.getByText('Tasks and follow-ups from this meeting')).toBeInTheDocument();
    expect(screen.getByText('No Action Items Yet')).toBeInTheDocument();
    // Reading the template list is not generating anything.
    expect(server.requests.some((r) => /summary\/|action-items/.test(r.path))).toBe(false);
  });

  it('renders a stored summary as markdown', async () => {
    serveMeeting(() => makeMeeting({ _id: 'm1', projectId: 'p1', summary: '## Decisions\n\n- Ship **Friday**' }));
    const { user } = renderApp('/projects/p1/meetings/m1');
    await user.click(await screen.findByRole('tab', { name: 'Summary' }));
    expect(screen.getByText('AI-generated meeting summary')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Decisions' })).toBeInTheDocument();
    expect(screen.getByText('Friday').tagName).toBe('STRONG');
  });
});

describe('playback', () => {
  /** jsdom has no media engine: the element keeps a settable position and reports its metadata on demand. */
  async function findPlayer() {
    const audio = (await screen.findByLabelText('Meeting recording')) as HTMLAudioElement;
    Object.defineProperty(audio, 'currentTime', { value: 0, writable: true });
    fireEvent(audio, new Event('loadedmetadata'));
    return audio;
  }

  it('starts at ?t= and, when autoplay is refused, plays on the first click from that point', async () => {
    const play = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockRejectedValueOnce(new DOMException('blocked', 'NotAllowedError'))
      .mockResolvedValue(undefined);
    serveMeeting(() => makeMeeting({ _id: 'm1', projectId: 'p1' }));
    const { user } = renderApp('/projects/p1/meetings/m1?t=42');
    const audio = await findPlayer();
    expect(audio.currentTime).toBe(42);
    expect(await screen.findByText('Ready at 00:42: press play (or click anywhere) to listen.')).toBeInTheDocument();
    expect(play).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(play).toHaveBeenCalledTimes(2);
    expect(audio.currentTime).toBe(42);
  });

  it('with autoplay refused, highlights and scrolls to the segment at ?t=', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('blocked', 'NotAllowedError'));
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.textContent ?? '');
    });
    serveMeeting(() => makeMeeting({ _id: 'm1', projectId: 'p1' }), {
      segments: [
        makeSegment({ text: 'Opening', startTime: 0, endTime: 4_000 }),
        makeSegment({ text: 'Budget', startTime: 65_000, endTime: 70_000 }),
      ],
    });
    renderApp('/projects/p1/meetings/m1?t=66');
    await screen.findByText('Budget');
    await findPlayer();
    await screen.findByText('Ready at 01:06: press play (or click anywhere) to listen.');
    await waitFor(() => expect(screen.getByText('Budget').closest('li')).toHaveAttribute('aria-current', 'true'));
    expect(screen.getByText('Opening').closest('li')).not.toHaveAttribute('aria-current');
    expect(scrolled.some((text) => text.includes('Budget'))).toBe(true);
  });

  it("plays from a segment's start when its time is clicked, and highlights it while playing", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    serveMeeting(() => makeMeeting({ _id: 'm1', projectId: 'p1' }), {
      segments: [
        makeSegment({ text: 'Opening', startTime: 0, endTime: 4_000 }),
        makeSegment({ text: 'Budget', startTime: 65_000, endTime: 70_000 }),
      ],
    });
    const { user } = renderApp('/projects/p1/meetings/m1');
    const audio = await findPlayer();
    await user.click(await screen.findByRole('button', { name: 'Play from 01:05' }));
    expect(audio.currentTime).toBe(65);
    expect(play).toHaveBeenCalled();
    fireEvent.play(audio);
    fireEvent.timeUpdate(audio);
    await waitFor(() => expect(screen.getByText('Budget').closest('li')).toHaveAttribute('aria-current', 'true'));
    expect(screen.getByText('Opening').closest('li')).not.toHaveAttribute('aria-current');
    fireEvent.pause(audio);
    await waitFor(() => expect(screen.getByText('Budget').closest('li')).not.toHaveAttribute('aria-current'));
  });
});
