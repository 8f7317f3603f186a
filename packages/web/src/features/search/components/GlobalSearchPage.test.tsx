import type { GlobalSearchResult, GlobalSearchSegment } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { dropped, type FakeRequest, fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeProject } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

// The header's search box and the /search page (decision 162), against the fake API serving the
// route table: meetings by title, passages grouped by meeting, people; paging; empty and error states.

const server = setupFakeApi();
beforeAll(() => import('@/features/search/components/GlobalSearchPage'), 30_000);

const passage = (overrides: Partial<GlobalSearchSegment>): GlobalSearchSegment => ({
  meetingId: 'm1',
  projectId: 'p1',
  transcriptionId: 't1',
  meetingTitle: 'Budget review',
  text: 'The budget is twenty five euros',
  startTime: 65_000,
  speaker: 'Ana Lopez',
  highlights: [{ start: 4, end: 10 }],
  ...overrides,
});

const result = (overrides: Partial<GlobalSearchResult> = {}): GlobalSearchResult => ({
  meetings: [],
  segments: [],
  people: [],
  pagination: { page: 1, pages: 0, total: 0, limit: 20 },
  ...overrides,
});

function serveSearch(reply: (request: FakeRequest) => ReturnType<typeof ok>) {
  signIn(server, undefined, { projects: [makeProject({ _id: 'p1' }), makeProject({ _id: 'p2', name: 'Sales' })] });
  server.on('GET /api/search', reply);
}
const searches = () => server.requests.filter((r) => r.path === '/api/search');
const location = () => screen.getByTestId('location').textContent;
/** The link whose text holds `text` (a passage's text is split by its highlights). */
const linkWith = (container: HTMLElement, text: string) => {
  const link = within(container)
    .getAllByRole('link')
    .find((a) => a.textContent?.includes(text));
  if (!link) throw new Error(`no link with "${text}"`);
  return link;
};

// Whole-app renders: on a loaded 2-core machine one can take longer than the default 5 s.
describe('search everywhere', { timeout: 30_000 }, () => {
  it('opens from the header box and lists meetings, passages under their meeting (at their moment) and people', async () => {
    serveSearch(() =>
      ok(
        result({
          meetings: [
            {
              meetingId: 'm3',
              projectId: 'p2',
              title: 'Budget kick-off',
              date: '2026-11-20T10:00:00.000Z',
              highlights: [{ start: 0, end: 6 }],
            },
          ],
          segments: [
            passage({}),
            passage({ transcriptionId: 't2', text: 'A budget line for the logo', startTime: 125_000 }),
            passage({
              meetingId: 'm2',
              projectId: 'p2',
              transcriptionId: 't3',
              meetingTitle: 'Sales call',
              text: 'Their budget is fixed',
              startTime: 3_000,
              speaker: 'SPEAKER_2',
              highlights: [{ start: 6, end: 12 }],
            }),
          ],
          people: [{ _id: 'person1', name: 'Budget Bob', company: 'Acme' }],
          pagination: { page: 1, pages: 1, total: 3, limit: 20 },
        }),
      ),
    );
    const { user } = renderApp('/');
    const header = await screen.findByRole('search', { name: 'Search everything' });
    await user.type(within(header).getByRole('searchbox'), '  budget {Enter}');
    await waitFor(() => expect(location()).toBe('/search?q=budget'));
    // The URL changes before the search page's code has loaded (its route is lazy): wait for its box.
    expect(await screen.findByPlaceholderText('Search meetings, transcripts and people...')).toHaveValue('budget');

    const results = await screen.findByRole('region', { name: 'Search results' });
    expect(within(results).getByText('Found 3 result(s)')).toBeInTheDocument();
    expect(searches()[0]?.query.get('q')).toBe('budget');
    expect(searches()[0]?.query.get('page')).toBe('1');

    // Passages under their meeting, in the order given; each opens the meeting at its moment.
    const groups = within(results)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(groups).toHaveLength(2);
    const first = groups[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Budget review' })).toHaveAttribute(
      'href',
      '/projects/p1/meetings/m1',
    );
    expect(linkWith(first, 'The budget is twenty five euros')).toHaveAttribute('href', '/projects/p1/meetings/m1?t=65');
    expect(linkWith(first, 'A budget line for the logo')).toHaveAttribute('href', '/projects/p1/meetings/m1?t=125');
    expect(
      within(first)
        .getAllByText('budget')
        .every((mark) => mark.tagName === 'MARK'),
    ).toBe(true);
    expect(within(first).getAllByText('Ana Lopez')).toHaveLength(2);
    expect(within(first).getByText('02:05')).toBeInTheDocument();
    const second = groups[1] as HTMLElement;
    expect(within(second).getByRole('link', { name: 'Sales call' })).toHaveAttribute(
      'href',
      '/projects/p2/meetings/m2',
    );
    expect(linkWith(second, 'Their budget is fixed')).toHaveAttribute('href', '/projects/p2/meetings/m2?t=3');

    // Meetings found by title, with the matched part marked; people by name.
    const meetings = screen.getByRole('region', { name: 'Meetings' });
    const meetingLink = within(meetings).getByRole('link');
    expect(meetingLink).toHaveAttribute('href', '/projects/p2/meetings/m3');
    expect(within(meetingLink).getByText('Budget').tagName).toBe('MARK');
    expect(within(meetingLink).getByText('Nov 20, 2026')).toBeInTheDocument();
    const people = screen.getByRole('region', { name: 'People' });
    expect(within(people).getByRole('link', { name: 'Budget Bob - Acme' })).toHaveAttribute('href', '/people/person1');

    await user.click(linkWith(second, 'Their budget is fixed'));
    await waitFor(() => expect(location()).toBe('/projects/p2/meetings/m2?t=3'));
  });

  it('pages through passages, keeping meetings and people; a new query starts at page 1', async () => {
    serveSearch((request) => {
      const page = Number(request.query.get('page'));
      return ok(
        result({
          segments: [passage({ transcriptionId: `t${page}`, text: `Budget passage on page ${page}`, highlights: [] })],
          people: [{ _id: 'person1', name: 'Budget Bob', company: null }],
          pagination: { page, pages: 2, total: 21, limit: 20 },
        }),
      );
    });
    const { user } = renderApp('/search?q=budget');
    expect(await screen.findByText('Budget passage on page 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Budget passage on page 2')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(searches().at(-1)?.query.get('page')).toBe('2');
    expect(
      within(screen.getByRole('region', { name: 'People' })).getByRole('link', { name: 'Budget Bob' }),
    ).toBeVisible();

    const box = screen.getByPlaceholderText('Search meetings, transcripts and people...');
    await user.clear(box);
    await user.type(box, 'logo{Enter}');
    await waitFor(() => expect(location()).toBe('/search?q=logo'));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(searches().at(-1)?.query.get('q')).toBe('logo');
    expect(searches().at(-1)?.query.get('page')).toBe('1');
  });

  it("shows 'No Results Found' and no meeting or people lists when nothing matches", async () => {
    serveSearch(() => ok(result()));
    renderApp('/search?q=zzyzx');
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
    expect(screen.getByText('Found 0 result(s)')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Meetings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'People' })).not.toBeInTheDocument();
  });

  it("says the server's message, 'Search failed' without one, and 'Unable to perform search' without a reply", async () => {
    let reply = fail(400, 'Search query is too long');
    serveSearch(() => reply);
    const { user } = renderApp('/search?q=budget');
    expect(await screen.findByText('Search query is too long')).toBeInTheDocument();

    // The page's box is made anew for each query (it shows the query searched).
    const box = () => screen.getByPlaceholderText('Search meetings, transcripts and people...');
    reply = fail(500);
    await user.clear(box());
    await user.type(box(), 'budgets{Enter}');
    expect(await screen.findByText('Search failed')).toBeInTheDocument();

    reply = dropped();
    await user.clear(box());
    await user.type(box(), 'logo{Enter}');
    expect(await screen.findByText('Unable to perform search')).toBeInTheDocument();
  });

  it('searches nothing for an empty page, and clearing the box goes back to it', async () => {
    serveSearch(() => ok(result({ segments: [passage({})], pagination: { page: 1, pages: 1, total: 1, limit: 20 } })));
    const { user } = renderApp('/search');
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
    expect(searches()).toHaveLength(0);

    await user.type(screen.getByPlaceholderText('Search meetings, transcripts and people...'), 'budget{Enter}');
    expect(await screen.findByText('Found 1 result(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(location()).toBe('/search');
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
  });
});
