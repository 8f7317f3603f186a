import type { Citation } from '@parley/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dropped, type FakeReply, fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeMeeting, makeProject, makeSegment, peoplePage } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

// The question boxes (decision 163) on a meeting's page, a project's page and the search page, against
// the fake API serving the route table: the answer streams in, its sources open the meeting at their
// moment (also the meeting already open), nothing found is said and cites nothing, errors are shown.

const server = setupFakeApi();
beforeAll(
  () =>
    Promise.all([
      import('@/app/AuthenticatedApp'),
      import('@/features/search/components/GlobalSearchPage'),
      import('@/app/pages/MeetingDetailPage'),
      import('@/app/pages/ProjectDetailPage'),
    ]),
  30_000,
);

const NOTHING_FOUND = 'Nothing in your meetings answers that question.';
const project = makeProject({ _id: 'p1', name: 'Launch' });
const citation = (overrides: Partial<Citation> = {}): Citation => ({
  meetingId: 'm1',
  projectId: 'p1',
  transcriptionId: 't1',
  meetingTitle: 'Launch planning',
  speaker: 'Ana Lopez',
  startTime: 65_000,
  text: 'The launch is on the fourth of March',
  ...overrides,
});

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
/** A text/event-stream reply; `hold` keeps the stream open after the first part until it settles. */
function sse(parts: string[], hold?: Promise<unknown>): FakeReply {
  return {
    headers: { 'Content-Type': 'text/event-stream' },
    raw: (async function* () {
      yield ': stream open\n\n';
      for (const [i, part] of parts.entries()) {
        if (i === 1 && hold) await hold;
        yield part;
      }
    })(),
  };
}
const answered = (answer: string[], citations: Citation[]) =>
  sse([...answer.map((text) => event('chunk', { text })), event('complete', { answer: answer.join(''), citations })]);

function serveApp() {
  signIn(server, undefined, { projects: [project] });
  server.on('GET /api/projects/:id', () => ok(project));
  server.on('GET /api/projects/:id/meetings', () =>
    ok({ meetings: [makeMeeting({ _id: 'm1', projectId: 'p1', title: 'Launch planning' })] }),
  );
  server.on('GET /api/projects/:id/meetings/:meetingId', (request) =>
    ok(makeMeeting({ _id: request.params.meetingId, projectId: 'p1', title: 'Launch planning' })),
  );
  server.on('GET /api/projects/:id/meetings/:meetingId/audio-url', () =>
    ok({ url: '/api/audio/m1?token=abc', expiresAt: '2026-11-22T18:00:00.000Z' }),
  );
  server.on('GET /api/meetings/:meetingId/transcriptions', () =>
    ok({
      transcriptions: [makeSegment({ text: 'Opening words', startTime: 0, endTime: 4_000 })],
      pagination: { page: 1, pages: 1, total: 1, limit: 50 },
    }),
  );
  server.on('GET /api/people', () => ok(peoplePage()));
  server.on('GET /api/meetings/:meetingId/speaker-suggestions', () => ok({ suggestions: [] }));
}
const asked = () => server.requests.filter((r) => r.path === '/api/ask').map((r) => r.body);
const location = () => screen.getByTestId('location').textContent;

/** jsdom has no media engine: the element keeps a settable position and reports its metadata on demand. */
async function findPlayer() {
  const audio = (await screen.findByLabelText('Meeting recording')) as HTMLAudioElement;
  Object.defineProperty(audio, 'currentTime', { value: 0, writable: true });
  fireEvent(audio, new Event('loadedmetadata'));
  return audio;
}

// Whole-app renders: on a loaded 2-core machine one can take longer than the default 5 s.
describe('question boxes', { timeout: 30_000 }, () => {
  it('on the search page: asks every meeting, streams the answer, lists its sources; one opens the meeting at its moment', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    serveApp();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = 'Ana Lopez said in "Launch planning" at 1:05: "The launch is on the fourth of March" [1]';
    server.on('POST /api/ask', () =>
      sse(
        [
          event('chunk', { text: 'Ana Lopez said in "Launch planning" ' }),
          event('chunk', { text: 'at 1:05: "The launch is on the fourth of March" [1]' }),
          event('complete', { answer, citations: [citation()] }),
        ],
        held,
      ),
    );
    const { user } = renderApp('/search');
    const box = await screen.findByRole('textbox', { name: 'Ask a question about all your meetings' });
    const ask = screen.getByRole('button', { name: 'Ask' });
    expect(ask).toBeDisabled();
    await user.type(box, '  When is the launch?  {Enter}');

    // The first part is shown while the rest is still on its way.
    expect(await screen.findByText('Ana Lopez said in "Launch planning"')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Asking…' })).toBeDisabled();
    expect(screen.queryByRole('list', { name: 'Sources' })).not.toBeInTheDocument();
    expect(asked()).toEqual([{ question: 'When is the launch?' }]);
    release();

    const sources = await screen.findByRole('list', { name: 'Sources' });
    expect(screen.getByText(answer)).toBeInTheDocument();
    const source = within(sources).getByRole('link');
    expect(source).toHaveAttribute('href', '/projects/p1/meetings/m1?t=65');
    for (const text of ['[1]', 'Ana Lopez', 'Launch planning', '01:05', 'The launch is on the fourth of March'])
      expect(within(source).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask' })).toBeEnabled();

    await user.click(source);
    await waitFor(() => expect(location()).toBe('/projects/p1/meetings/m1?t=65'));
    const audio = await findPlayer();
    await waitFor(() => expect(audio.currentTime).toBe(65));
  });

  it("on a project's page: asks that project", async () => {
    serveApp();
    server.on('POST /api/ask', () => answered(['From the project [1]'], [citation()]));
    const { user } = renderApp('/projects/p1');
    await user.type(
      await screen.findByRole('textbox', { name: "Ask a question about this project's meetings" }),
      'When is the launch?{Enter}',
    );
    expect(await screen.findByRole('list', { name: 'Sources' })).toBeInTheDocument();
    expect(asked()).toEqual([{ question: 'When is the launch?', projectId: 'p1' }]);
  });

  it("on a meeting's page: asks that meeting; its sources seek the open meeting, again after playback moved on", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    serveApp();
    server.on('POST /api/ask', () =>
      answered(
        ['The launch is in March [1], the review a minute in [2]'],
        [citation(), citation({ transcriptionId: 't2', startTime: 60_000, text: 'Review first' })],
      ),
    );
    const { user } = renderApp('/projects/p1/meetings/m1');
    const audio = await findPlayer();
    await user.type(
      await screen.findByRole('textbox', { name: 'Ask a question about this meeting' }),
      'When is the launch?{Enter}',
    );
    const sources = await screen.findByRole('list', { name: 'Sources' });
    expect(asked()).toEqual([{ question: 'When is the launch?', projectId: 'p1', meetingId: 'm1' }]);
    const [first, second] = within(sources).getAllByRole('link') as [HTMLElement, HTMLElement];

    await user.click(first);
    await waitFor(() => expect(audio.currentTime).toBe(65));
    expect(location()).toBe('/projects/p1/meetings/m1?t=65');
    expect(play).toHaveBeenCalled();

    await user.click(second);
    await waitFor(() => expect(audio.currentTime).toBe(60));

    // Playback moves on; the same source clicked again goes back to its moment (the URL does not change).
    await user.click(first);
    await waitFor(() => expect(audio.currentTime).toBe(65));
    audio.currentTime = 200;
    await user.click(first);
    await waitFor(() => expect(audio.currentTime).toBe(65));
    // The answer stays on the page while its sources are followed.
    expect(screen.getByText('The launch is in March [1], the review a minute in [2]')).toBeInTheDocument();
  });

  it('says plainly when nothing answers the question, with no sources', async () => {
    serveApp();
    server.on('POST /api/ask', () => answered([NOTHING_FOUND], []));
    const { user } = renderApp('/search');
    await user.type(
      await screen.findByRole('textbox', { name: 'Ask a question about all your meetings' }),
      'What did we say about the submarine?{Enter}',
    );
    expect(await screen.findByText(NOTHING_FOUND)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ask' })).toBeEnabled());
    expect(screen.queryByRole('list', { name: 'Sources' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal, an error event, and a lost connection; a new question clears the last answer", async () => {
    serveApp();
    let reply: FakeReply = answered(['Earlier answer [1]'], [citation()]);
    server.on('POST /api/ask', () => reply);
    const { user } = renderApp('/search');
    const box = await screen.findByRole('textbox', { name: 'Ask a question about all your meetings' });
    await user.type(box, 'When is the launch?{Enter}');
    expect(await screen.findByRole('list', { name: 'Sources' })).toBeInTheDocument();

    reply = fail(404, 'Meeting not found');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Meeting not found')).toBeInTheDocument();
    expect(screen.queryByText('Earlier answer [1]')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Sources' })).not.toBeInTheDocument();

    reply = sse([event('chunk', { text: 'Half an' }), event('error', { message: 'The model server is unreachable' })]);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('The model server is unreachable')).toBeInTheDocument();
    expect(screen.queryByText('Meeting not found')).not.toBeInTheDocument();

    reply = dropped();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Unable to connect to the server')).toBeInTheDocument();
  });
});
