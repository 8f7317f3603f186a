import type { Person } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dropped, type FakeRequest, fail, ok, setupFakeApi } from '@/test/fake-api';
import { makePerson, makeSegment } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();

const grace = makePerson({
  _id: 'g1',
  name: 'Grace Hopper',
  email: 'grace@navy.mil',
  phone: '+1 (555) 0100',
  company: 'US Navy',
  notes: 'Invented the compiler',
  socialMedia: { linkedin: 'https://linkedin.com/in/grace', twitter: 'x.com/grace' },
});

type TranscriptPage = { total: number; pages: number; items?: ReturnType<typeof makeSegment>[] };

/** Serves the person and a transcription list that depends on the page and search asked for. */
function servePerson(pages: (req: FakeRequest) => TranscriptPage = () => ({ total: 0, pages: 0 })) {
  signIn(server);
  server.on('GET /api/people/:id', () => ok(grace));
  server.on('GET /api/people/:id/transcriptions', (req) => {
    const { total, pages: count, items = [] } = pages(req);
    return ok({
      transcriptions: items,
      pagination: { page: Number(req.query.get('page')), pages: count, total, limit: 20 },
    });
  });
}

const transcriptRequests = () => server.requests.filter((r) => r.path.endsWith('/transcriptions'));

describe('person detail', () => {
  it('shows breadcrumb, contact links, social icons, created date and notes', async () => {
    servePerson();
    renderApp('/people/g1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'People' })).toHaveAttribute('href', '/people');
    expect(within(breadcrumb).getByText('Grace Hopper')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('US Navy')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'grace@navy.mil' })).toHaveAttribute('href', 'mailto:grace@navy.mil');
    expect(screen.getByRole('link', { name: '+1 (555) 0100' })).toHaveAttribute('href', 'tel:+15550100');
    expect(screen.getByRole('link', { name: 'Grace Hopper on LinkedIn' })).toHaveAttribute(
      'href',
      'https://linkedin.com/in/grace',
    );
    expect(screen.getByRole('link', { name: 'Grace Hopper on Twitter' })).toHaveAttribute(
      'href',
      'https://x.com/grace',
    );
    expect(screen.getByText('Nov 22, 2026')).toBeInTheDocument();
    expect(screen.getByText('Invented the compiler')).toBeInTheDocument();
  });

  it('goes back to /people with the Back button', async () => {
    servePerson();
    server.on('GET /api/people', () => ok({ people: [], pagination: { page: 1, pages: 0, total: 0, limit: 100 } }));
    const { user } = renderApp('/people/g1');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/people$/));
  });

  it.each([
    ['a 404 without a message', () => fail(404), 'Person not found'],
    ['a 404 with a message', () => fail(404, 'Person not found'), 'Person not found'],
    ['another failure without a message', () => fail(500), 'Failed to load person details'],
    ['a server message', () => fail(403, 'Not your contact'), 'Not your contact'],
    ['no reply', () => dropped(), 'Unable to connect to the server'],
  ])("shows the 'Error' card for %s", async (_, reply, message) => {
    signIn(server);
    server.on('GET /api/people/:id', reply);
    const { user } = renderApp('/people/missing');
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    server.on('GET /api/people', () => ok({ people: [], pagination: { page: 1, pages: 0, total: 0, limit: 100 } }));
    await user.click(screen.getByRole('link', { name: 'Back to People' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/people$/));
  });
});

describe('person transcriptions', () => {
  it("says 'No transcriptions yet' with no search box when the person has none", async () => {
    servePerson(() => ({ total: 0, pages: 0 }));
    renderApp('/people/g1');
    expect(await screen.findByText('No transcriptions found for this person')).toBeInTheDocument();
    expect(screen.getByText('No transcriptions yet')).toBeInTheDocument();
    expect(screen.getByLabelText('0 transcriptions')).toHaveTextContent('0');
    expect(screen.queryByRole('searchbox', { name: 'Search transcriptions' })).not.toBeInTheDocument();
    const request = transcriptRequests()[0]!;
    expect(Object.fromEntries(request.query)).toEqual({ page: '1', limit: '20', sort: 'createdAt' });
  });

  it('lists segments with times, the meeting link, the text and the date', async () => {
    const segment = makeSegment({
      meetingId: { _id: 'm9', title: 'Planning', projectId: 'p3' },
      startTime: 65_000,
      endTime: 3_725_000,
      text: 'Ship it on Friday',
    });
    servePerson(() => ({ total: 1, pages: 1, items: [segment] }));
    renderApp('/people/g1');
    expect(await screen.findByText('Ship it on Friday')).toBeInTheDocument();
    expect(screen.getByText('1 transcription(s) from meetings')).toBeInTheDocument();
    expect(screen.getByLabelText('1 transcriptions')).toHaveTextContent('1');
    const item = screen.getByText('Ship it on Friday').closest('li')!;
    expect(item).toHaveTextContent('01:05 - 1:02:05');
    expect(within(item).getByRole('link', { name: 'Planning' })).toHaveAttribute(
      'href',
      '/projects/p3/meetings/m9?t=65',
    );
    expect(item).toHaveTextContent('Nov 22, 2026');
    expect(screen.queryByRole('navigation', { name: 'Transcription pages' })).not.toBeInTheDocument();
  });

  it('searches on Enter, keeps the box while a search is active, and clears on a blank query', async () => {
    servePerson((req) =>
      req.query.get('search')
        ? { total: 0, pages: 0 }
        : { total: 2, pages: 1, items: [makeSegment({ text: 'first' }), makeSegment({ text: 'second' })] },
    );
    const { user } = renderApp('/people/g1');
    const box = await screen.findByRole('searchbox', { name: 'Search transcriptions' });
    expect(screen.getByText('2 transcription(s) from meetings')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toBeDisabled();
    await user.type(box, '   ');
    expect(button).toBeDisabled();

    await user.type(box, ' budget {Enter}');
    expect(await screen.findByText('No transcriptions found for this person')).toBeInTheDocument();
    expect(transcriptRequests().at(-1)!.query.get('search')).toBe('budget');
    expect(screen.getByRole('searchbox', { name: 'Search transcriptions' })).toBeInTheDocument();
    expect(screen.getByText('2 transcription(s) from meetings')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, '  {Enter}');
    expect(await screen.findByText('first')).toBeInTheDocument(); // the unfiltered list is back
    expect(screen.queryByText('No transcriptions found for this person')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('marks the words that matched a search', async () => {
    servePerson((req) =>
      req.query.get('search')
        ? {
            total: 1,
            pages: 1,
            items: [{ ...makeSegment({ text: 'We were recording it' }), highlights: [{ start: 8, end: 17 }] }],
          }
        : { total: 1, pages: 1, items: [makeSegment({ text: 'We were recording it' })] },
    );
    const { user } = renderApp('/people/g1');
    const box = await screen.findByRole('searchbox', { name: 'Search transcriptions' });
    expect(screen.queryByText('recording')).not.toBeInTheDocument();
    await user.type(box, 'recorded{Enter}');
    const mark = await screen.findByText('recording');
    expect(mark.tagName).toBe('MARK');
    expect(mark.closest('p')).toHaveTextContent('We were recording it');
  });

  it('shows a search error under the search box', async () => {
    servePerson(() => ({ total: 3, pages: 1, items: [makeSegment()] }));
    const { user } = renderApp('/people/g1');
    const box = await screen.findByRole('searchbox', { name: 'Search transcriptions' });
    server.on('GET /api/people/:id/transcriptions', () => fail(500));
    await user.type(box, 'budget');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const error = await screen.findByText('Failed to load transcriptions');
    expect(error).toHaveAttribute('role', 'alert');
    expect(box.closest('form')?.parentElement).toContainElement(error);
  });

  it("shows 'Failed to load transcriptions' above the list when loading fails", async () => {
    servePerson();
    server.on('GET /api/people/:id/transcriptions', () => fail(500));
    renderApp('/people/g1');
    expect(await screen.findByText('Failed to load transcriptions')).toBeInTheDocument();
    expect(screen.queryByText('No transcriptions found for this person')).not.toBeInTheDocument();
  });

  it("pages with Previous/Next, shows 'Page x of y' and scrolls smoothly to the top", async () => {
    servePerson((req) => {
      const page = Number(req.query.get('page'));
      return { total: 45, pages: 3, items: [makeSegment({ text: `segment on page ${page}` })] };
    });
    const { user } = renderApp('/people/g1');
    expect(await screen.findByText('segment on page 1')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Transcription pages' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('segment on page 2')).toBeInTheDocument();
    expect(pager).toHaveTextContent('Page 2 of 3');
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await screen.findByText('segment on page 3');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pager).toHaveTextContent('Page 2 of 3'));
    expect(transcriptRequests().map((r) => r.query.get('page'))).toEqual(['1', '2', '3']);
  });
});

describe('voice profile', () => {
  it("says how many meetings the voice was learned from, and 'Forget voice' removes it", async () => {
    let person: Person = { ...grace, voiceProfile: { meetings: 2, seconds: 95.4 } };
    signIn(server);
    server.on('GET /api/people/:id', () => ok(person));
    server.on('GET /api/people/:id/transcriptions', () =>
      ok({ transcriptions: [], pagination: { page: 1, pages: 0, total: 0, limit: 20 } }),
    );
    server.on('DELETE /api/people/:id/voice', () => {
      person = { ...grace, voiceProfile: null };
      return { status: 204 };
    });
    const { user } = renderApp('/people/g1');
    expect(await screen.findByText('Learned from 2 meetings (95 s of speech)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forget voice' }));
    expect(await screen.findByText('Not known yet: assign this person to a speaker in a meeting')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forget voice' })).not.toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/people/g1/voice')).toBe(true);
  });
});
