import type { SearchHit } from '@parley/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dropped, fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeMeeting, makeProject, makeSegment, peoplePage } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();
beforeAll(
  () =>
    import('@/app/AuthenticatedApp').then(() =>
      Promise.all([import('@/app/pages/MeetingDetailPage'), import('@/app/pages/ProjectDetailPage')]),
    ),
  30_000,
);
const project = makeProject({ _id: 'p1', name: 'Standups' });
const components = {
  keyword: { enabled: true, hits: 1 },
  fuzzy: { enabled: true, hits: 0 },
  phonetic: { enabled: true, hits: 0 },
  semantic: { enabled: false, hits: 0 },
};
const hit = (overrides: Partial<SearchHit> = {}): SearchHit => ({
  ...makeSegment({ text: 'We are recording the budget', startTime: 65_000, endTime: 70_000 }),
  highlights: [{ start: 7, end: 16 }],
  score: 0.03,
  matchedBy: ['keyword'],
  ...overrides,
});

function serveMeeting() {
  signIn(server, undefined, { projects: [project] });
  server.on('GET /api/projects/:id', () => ok(project));
  server.on('GET /api/projects/:id/meetings', () => ok({ meetings: [makeMeeting({ _id: 'm1', projectId: 'p1' })] }));
  server.on('GET /api/projects/:id/meetings/:meetingId', () => ok(makeMeeting({ _id: 'm1', projectId: 'p1' })));
  server.on('GET /api/projects/:id/meetings/:meetingId/audio-url', () =>
    ok({ url: '/api/audio/m1?token=abc', expiresAt: '2026-11-22T18:00:00.000Z' }),
  );
  server.on('GET /api/meetings/:meetingId/transcriptions', () =>
    ok({
      transcriptions: [makeSegment({ text: 'Full transcript line' })],
      pagination: { page: 1, pages: 1, total: 1, limit: 50 },
    }),
  );
  server.on('GET /api/people', () => ok(peoplePage()));
  server.on('GET /api/meetings/:meetingId/speaker-suggestions', () => ok({ suggestions: [] }));
}
const searchRequests = () => server.requests.filter((r) => r.path.endsWith('/hybrid-search'));

describe('search in a meeting', () => {
  it('finds, highlights, plays from a hit, and clears back to the transcript', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    serveMeeting();
    server.on('GET /api/meetings/:meetingId/transcriptions/hybrid-search', () =>
      ok({
        transcriptions: [hit()],
        searchType: 'hybrid',
        components,
        pagination: { page: 1, pages: 1, total: 1, limit: 20 },
      }),
    );
    const { user } = renderApp('/projects/p1/meetings/m1');
    const audio = (await screen.findByLabelText('Meeting recording')) as HTMLAudioElement;
    Object.defineProperty(audio, 'currentTime', { value: 0, writable: true });
    fireEvent(audio, new Event('loadedmetadata'));

    const box = await screen.findByPlaceholderText('Search transcriptions...');
    const searchButton = screen.getByRole('button', { name: 'Search' });
    expect(searchButton).toBeDisabled();
    await user.type(box, '  recorded  {Enter}');
    expect(await screen.findByText('Found 1 result(s)')).toBeInTheDocument();
    expect(searchRequests()[0]?.query.get('q')).toBe('recorded');
    expect(screen.getByText('recording').tagName).toBe('MARK');
    expect(screen.queryByText('Full transcript line')).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: /Play from 65 seconds/ }));
    expect(audio.currentTime).toBe(65);
    expect(play).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('Found 1 result(s)')).not.toBeInTheDocument();
    expect(screen.getByText('Full transcript line')).toBeVisible();
  });

  it("shows 'No Results Found' with its hint", async () => {
    serveMeeting();
    server.on('GET /api/meetings/:meetingId/transcriptions/hybrid-search', () =>
      ok({
        transcriptions: [],
        searchType: 'hybrid',
        components,
        pagination: { page: 1, pages: 0, total: 0, limit: 20 },
      }),
    );
    const { user } = renderApp('/projects/p1/meetings/m1');
    await user.type(await screen.findByPlaceholderText('Search transcriptions...'), 'zebra');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
    expect(
      screen.getByText('Try adjusting your search query or clear the search to see all transcriptions.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Found 0 result(s)')).toBeInTheDocument();
  });

  it("says 'Search failed' on an error without a message and 'Unable to perform search' without a reply", async () => {
    serveMeeting();
    let reply = fail(500);
    server.on('GET /api/meetings/:meetingId/transcriptions/hybrid-search', () => reply);
    const { user } = renderApp('/projects/p1/meetings/m1');
    const box = await screen.findByPlaceholderText('Search transcriptions...');
    await user.type(box, 'budget{Enter}');
    expect(await screen.findByText('Search failed')).toBeInTheDocument();
    reply = dropped();
    await user.clear(box);
    await user.type(box, 'budgets{Enter}');
    expect(await screen.findByText('Unable to perform search')).toBeInTheDocument();
  });
});

describe('search across a project', () => {
  it('groups hits by meeting and links each to its time; a blank Enter clears', async () => {
    serveMeeting();
    server.on('GET /api/projects/:id/transcriptions/search-all', () =>
      ok({
        results: [
          {
            meetingId: 'm1',
            meetingTitle: 'Budget review',
            meetingDate: '2026-11-20T10:00:00.000Z',
            matchCount: 3,
            titleMatch: false,
            transcriptions: [hit()],
          },
        ],
        searchType: 'hybrid',
        strategy: 'reciprocal-rank-fusion',
        meetingsSearched: 4,
        components,
        pagination: { page: 1, pages: 1, total: 1, limit: 20 },
      }),
    );
    const { user } = renderApp('/projects/p1');
    const box = await screen.findByRole('searchbox', { name: "Search this project's transcripts" });
    await user.type(box, 'recorded{Enter}');
    const results = await screen.findByRole('region', { name: 'Search results' });
    const group = within(results).getByRole('link', { name: 'Budget review' }).closest('li')!;
    expect(within(group).getByText('3 match(es)')).toBeInTheDocument();
    expect(within(group).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(group).getByText('recording').tagName).toBe('MARK');
    expect(within(group).getByText('01:05 - 01:10').closest('a')).toHaveAttribute(
      'href',
      '/projects/p1/meetings/m1?t=65',
    );
    expect(server.requests.find((r) => r.path.endsWith('/search-all'))?.query.get('groupByMeeting')).toBe('true');

    await user.clear(box);
    await user.type(box, '   {Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument());
  });
});
