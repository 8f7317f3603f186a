import type { ActionItem, Meeting, Project } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeActionItem, makeMeeting, makePerson, makeProject, peoplePage } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();
beforeAll(() => import('@/app/AuthenticatedApp').then(() => import('@/app/pages/MeetingDetailPage')), 30_000);
const project = makeProject({ _id: 'p1', name: 'Standups' });

function serve(meeting: () => Meeting, items: () => ActionItem[], served: Project = project) {
  signIn(server, undefined, { projects: [served] });
  server.on('GET /api/projects/:id', () => ok(served));
  server.on('GET /api/projects/:id/meetings/:meetingId', () => ok(meeting()));
  server.on('GET /api/projects/:id/meetings/:meetingId/audio-url', () =>
    ok({ url: '/a.wav', expiresAt: '2026-11-22T18:00:00.000Z' }),
  );
  server.on('GET /api/meetings/:meetingId/transcriptions', () =>
    ok({ transcriptions: [], pagination: { page: 1, pages: 0, total: 0, limit: 50 } }),
  );
  server.on('GET /api/people', () => ok(peoplePage()));
  server.on('GET /api/projects/:id/meetings/:meetingId/action-items', (request) => {
    const list = items();
    expect(request.query.get('limit')).toBe('50');
    return ok({ actionItems: list, pagination: { page: 1, pages: 1, total: list.length, limit: 50 } });
  });
}

async function openTab() {
  const app = renderApp('/projects/p1/meetings/m1');
  await app.user.click(await app.findByRole('tab', { name: 'Action Items' }));
  return app;
}

// Whole-app renders: on a loaded 2-core machine one can take longer than the default 5 s.
describe('Action Items tab', { timeout: 20_000 }, () => {
  it('starts generation and shows the processing state with its progress', async () => {
    let meeting = makeMeeting({ _id: 'm1', projectId: 'p1' });
    serve(
      () => meeting,
      () => [],
    );
    server.on('POST /api/projects/:id/meetings/:meetingId/action-items/generate', () => {
      meeting = { ...meeting, actionItemsStatus: 'processing', actionItemsProgress: 30 };
      return ok(meeting, 202);
    });
    const { user } = await openTab();
    expect(screen.getByText('Tasks and follow-ups from this meeting')).toBeInTheDocument();
    expect(screen.getByText('No Action Items Yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate Action Items' }));
    expect(await screen.findByText('Generating Action Items')).toBeInTheDocument();
    expect(
      screen.getByText('Please wait while we analyze the meeting and extract action items...'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Action items progress' })).toHaveAttribute('aria-valuenow', '30');
  });

  it('shows the stored error of a failed generation, or the fallback, with Try Again', async () => {
    serve(
      () =>
        makeMeeting({
          _id: 'm1',
          projectId: 'p1',
          actionItemsStatus: 'failed',
          metadata: { actionItems: { errorMessage: 'The AI service refused the API key' } },
        }),
      () => [],
    );
    await openTab();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Failed to Generate Action Items')).toBeInTheDocument();
    expect(within(alert).getByText('The AI service refused the API key')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });

  it('falls back to the generic failure text', async () => {
    serve(
      () => makeMeeting({ _id: 'm1', projectId: 'p1', actionItemsStatus: 'failed' }),
      () => [],
    );
    await openTab();
    expect(screen.getByText('An error occurred while generating action items')).toBeInTheDocument();
  });

  it('loads the list once completed, or says none were found', async () => {
    serve(
      () => makeMeeting({ _id: 'm1', projectId: 'p1', actionItemsStatus: 'completed' }),
      () => [],
    );
    await openTab();
    expect(screen.getByText('Loading action items...')).toBeInTheDocument();
    expect(await screen.findByText('No Action Items Found')).toBeInTheDocument();
    expect(screen.getByText('No action items were identified in this meeting.')).toBeInTheDocument();
  });

  it('shows an item; changes its status at once and reloads the list when the save fails', async () => {
    const person = { _id: 'pers00000001', name: 'Marco Rossi', company: 'Acme' };
    serve(
      () => makeMeeting({ _id: 'm1', projectId: 'p1', actionItemsStatus: 'completed' }),
      () => [makeActionItem({ personId: person, dueDate: '2026-11-27T17:00:00.000Z' })],
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.on('PATCH /api/projects/:id/meetings/:meetingId/action-items/:itemId', () => ({
      ...fail(500, 'Database unavailable'),
      delay: held,
    }));
    const { user } = await openTab();
    expect(await screen.findByText('Send the budget to Marco')).toBeInTheDocument();
    expect(screen.getByText('Marco Rossi - Acme')).toBeInTheDocument();
    expect(screen.getByText(/^Due Nov 27, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play from 01:15' })).toHaveAttribute('href', '?t=75');

    const status = screen.getByRole('combobox', { name: 'Status of Send the budget to Marco' });
    expect(status).toHaveClass('bg-gray-100');
    const listLoads = () =>
      server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/action-items')).length;
    const loadsBefore = listLoads();
    await user.selectOptions(status, 'completed');
    expect(status).toHaveValue('completed');
    expect(status).toHaveClass('bg-green-100');
    release();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    await waitFor(() => expect(listLoads()).toBe(loadsBefore + 1));
    await waitFor(() => expect(status).toHaveValue('pending'));
    expect(server.requests.find((r) => r.method === 'PATCH')!.body).toEqual({ status: 'completed' });
  });

  it('edits the title, due date and context; Save is off for a blank title', async () => {
    let item = makeActionItem();
    serve(
      () => makeMeeting({ _id: 'm1', projectId: 'p1', actionItemsStatus: 'completed' }),
      () => [item],
    );
    server.on('PATCH /api/projects/:id/meetings/:meetingId/action-items/:itemId', (request) => {
      const body = request.body as Partial<ActionItem>;
      item = { ...item, ...body } as ActionItem;
      return ok(item);
    });
    const { user } = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Edit Send the budget to Marco' }));
    const title = screen.getByLabelText('Task title');
    await user.clear(title);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(title, 'Send the final budget');
    await user.type(screen.getByLabelText('Due Date'), '2026-12-01T09:30');
    await user.clear(screen.getByLabelText('Context'));
    await user.type(screen.getByLabelText('Context'), 'Agreed at the end');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Send the final budget')).toBeInTheDocument();
    const body = server.requests.find((r) => r.method === 'PATCH')!.body as Record<string, string>;
    expect(body).toEqual({
      task: 'Send the final budget',
      assignee: 'Project Manager',
      assigneePersonId: null,
      dueDate: new Date('2026-12-01T09:30').toISOString(),
      context: 'Agreed at the end',
    });
  });

  it('changes the assignee to one of the people, or to a name typed by hand; a day shows without a time', async () => {
    let item = makeActionItem({ dueDate: '2026-12-03T00:00:00.000Z' });
    serve(
      () => makeMeeting({ _id: 'm1', projectId: 'p1', actionItemsStatus: 'completed' }),
      () => [item],
    );
    const people = [makePerson({ _id: 'pers00000009', name: 'Priya Shah', company: 'Acme' })];
    server.on('GET /api/projects/:id/people', () =>
      ok({ people: people.map(({ _id, name, company }) => ({ _id, name, company, own: true })) }),
    );
    server.on('PATCH /api/projects/:id/meetings/:meetingId/action-items/:itemId', (request) => {
      const body = request.body as { assignee: string; assigneePersonId: string | null };
      const person = people.find((p) => p._id === body.assigneePersonId);
      item = {
        ...item,
        assignee: body.assignee,
        personId: person ? { _id: person._id, name: person.name, company: person.company ?? undefined } : null,
      };
      return ok(item);
    });
    const { user } = await openTab();
    // "by Thursday" is a day: the same calendar day in every time zone, no time of day.
    expect(await screen.findByText('Due Dec 3, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Send the budget to Marco' }));
    // One field takes a person or a name.
    expect(screen.queryByLabelText('Person')).not.toBeInTheDocument();
    const assignee = screen.getByRole('combobox', { name: 'Assignee' });
    await user.clear(assignee);
    await user.type(assignee, 'priya');
    await user.click(await screen.findByRole('option', { name: 'Priya Shah - Acme' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(server.requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({
      assignee: people[0]!.name,
      assigneePersonId: people[0]!._id,
      dueDate: '2026-12-03T00:00:00.000Z',
    });
    expect(await screen.findByText('Priya Shah - Acme')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Send the budget to Marco' }));
    const again = screen.getByRole('combobox', { name: 'Assignee' });
    expect(again).toHaveValue('Priya Shah');
    await user.clear(again);
    await user.type(again, 'The design team');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(2));
    expect(server.requests.filter((r) => r.method === 'PATCH')[1]!.body).toMatchObject({
      assignee: 'The design team',
      assigneePersonId: null,
    });
  });

  it('adds an item by hand, and asks before regenerating', async () => {
    let items = [makeActionItem()];
    serve(
      () => makeMeeting({ _id: 'm1', projectId: 'p1', actionItemsStatus: 'completed' }),
      () => items,
    );
    server.on('POST /api/projects/:id/meetings/:meetingId/action-items', (request) => {
      const body = request.body as { task: string; assignee?: string };
      const created = makeActionItem({
        _id: 'item00000002',
        task: body.task,
        assignee: body.assignee ?? null,
        source: 'manual',
      });
      items = [...items, created];
      return ok(created, 201);
    });
    server.on('POST /api/projects/:id/meetings/:meetingId/action-items/generate', () =>
      ok(makeMeeting({ _id: 'm1', projectId: 'p1', actionItemsStatus: 'processing' }), 202),
    );
    const { user } = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Add Action Item' }));
    await user.type(screen.getByLabelText('Task title'), 'Book the usability lab');
    await user.type(screen.getByLabelText('Assignee'), 'Priya');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Book the usability lab')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'POST' && r.path.endsWith('/action-items'))!.body).toEqual({
      task: 'Book the usability lab',
      assignee: 'Priya',
      assigneePersonId: null,
      dueDate: null,
      context: null,
    });

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Regenerate Action Items' });
    expect(within(dialog).getByText(/Items you edited, completed or added stay/)).toBeInTheDocument();
    expect(server.requests.some((r) => r.path.endsWith('/generate'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Generating Action Items')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path.endsWith('/generate'))).toHaveLength(1);
  });

  it("deletes an item after the 'Delete Action Item' dialog", async () => {
    serve(
      () => makeMeeting({ _id: 'm1', projectId: 'p1', actionItemsStatus: 'completed' }),
      () => [makeActionItem()],
    );
    server.on('DELETE /api/projects/:id/meetings/:meetingId/action-items/:itemId', () => ({ status: 204 }));
    const { user } = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Delete Send the budget to Marco' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Action Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Send the budget to Marco')).toBeNull());
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path.endsWith('/action-items/item00000001'))).toBe(
      true,
    );
  });

  /** The page knows the role once the project has loaded: its name in the breadcrumb says so. */
  async function openTabAs() {
    const app = await openTab();
    await within(screen.getByRole('navigation', { name: 'Breadcrumb' })).findByRole('link', { name: 'Standups' });
    return app;
  }

  it('shows a viewer the items read-only: no status choice, edit, delete, add or regenerate', async () => {
    serve(
      () => makeMeeting({ _id: 'm1', projectId: 'p1', actionItemsStatus: 'completed' }),
      () => [makeActionItem({ status: 'in_progress' })],
      makeProject({ _id: 'p1', name: 'Standups', role: 'viewer' }),
    );
    await openTabAs();
    expect(await screen.findByText('Send the budget to Marco')).toBeInTheDocument();
    expect(screen.getByText('In Progress')).toBeInTheDocument();
    expect(screen.getByText('Project Manager')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status of Send the budget to Marco' })).toBeNull();
    for (const name of [
      'Edit Send the budget to Marco',
      'Delete Send the budget to Marco',
      'Add Action Item',
      'Regenerate',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('offers a viewer no generation or adding before there are items', async () => {
    serve(
      () => makeMeeting({ _id: 'm1', projectId: 'p1' }),
      () => [],
      makeProject({ _id: 'p1', name: 'Standups', role: 'viewer' }),
    );
    await openTabAs();
    expect(screen.getByText('No Action Items Yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate Action Items' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Action Item' })).toBeNull();
  });

  it('offers an editor every control on the items', async () => {
    serve(
      () => makeMeeting({ _id: 'm1', projectId: 'p1', actionItemsStatus: 'completed' }),
      () => [makeActionItem()],
      makeProject({ _id: 'p1', name: 'Standups', role: 'editor' }),
    );
    await openTabAs();
    expect(await screen.findByRole('combobox', { name: 'Status of Send the budget to Marco' })).toBeEnabled();
    for (const name of [
      'Edit Send the budget to Marco',
      'Delete Send the budget to Marco',
      'Add Action Item',
      'Regenerate',
    ]) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
  });
});
