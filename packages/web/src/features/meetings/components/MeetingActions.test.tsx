import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeMeeting, makeProject } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();
// The route's page is a lazy chunk; transforming it on first use can outlast a findBy timeout.
beforeAll(() => import('@/app/AuthenticatedApp').then(() => import('@/app/pages/ProjectDetailPage')), 30_000);
const standups = makeProject({ _id: 'p1', name: 'Standups' });
const archive = makeProject({ _id: 'p2', name: 'Archive' });
const kickoff = makeMeeting({ _id: 'm1', projectId: 'p1', title: 'Kick-off' });

function serveProject(projects = [standups, archive]) {
  signIn(server, undefined, { projects });
  server.on('GET /api/projects/:id', () => ok(standups));
  server.on('GET /api/projects/:id/meetings', () => ok({ meetings: [kickoff] }));
  return renderApp('/projects/p1');
}

async function openMenuItem(user: ReturnType<typeof serveProject>['user'], item: 'Move' | 'Delete') {
  await user.click(await screen.findByRole('button', { name: 'Actions for Kick-off' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('meeting cards on the project screen', () => {
  it('moves a meeting to another project', async () => {
    let body: unknown;
    server.on('PUT /api/projects/:id/meetings/:meetingId', (req) => {
      body = req.body;
      return ok({ ...kickoff, projectId: 'p2' });
    });
    const { user } = serveProject();
    await openMenuItem(user, 'Move');
    const dialog = await screen.findByRole('dialog', { name: 'Move Meeting' });
    const select = within(dialog).getByLabelText('Destination project');
    expect(within(select).queryByRole('option', { name: 'Standups' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
    await user.selectOptions(select, 'Archive');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move Meeting' })).not.toBeInTheDocument());
    expect(body).toEqual({ projectId: 'p2' });
  });

  it('tells apart destinations that share a name (made before names had to be unique)', async () => {
    const older = makeProject({ _id: 'p3', name: 'Archive', meetingCount: 4, createdAt: '2025-01-05T12:00:00.000Z' });
    const newer = makeProject({ _id: 'p4', name: 'archive', meetingCount: 0, createdAt: '2026-11-20T12:00:00.000Z' });
    const { user } = serveProject([standups, older, newer]);
    await openMenuItem(user, 'Move');
    const select = within(await screen.findByRole('dialog', { name: 'Move Meeting' })).getByLabelText(
      'Destination project',
    );
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Select a project',
      'Archive (4 meetings · created Jan 5, 2025)',
      'archive (0 meetings · created Nov 20, 2026)',
    ]);
  });

  it('says so when there is no other project', async () => {
    const { user } = serveProject([standups]);
    await openMenuItem(user, 'Move');
    const dialog = await screen.findByRole('dialog', { name: 'Move Meeting' });
    expect(within(dialog).getByText(/No other projects available. Create a new project first./)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
  });

  it("shows 'Failed to move meeting' or the server's message", async () => {
    let reply = fail(500);
    server.on('PUT /api/projects/:id/meetings/:meetingId', () => reply);
    const { user } = serveProject();
    await openMenuItem(user, 'Move');
    const dialog = await screen.findByRole('dialog', { name: 'Move Meeting' });
    await user.selectOptions(within(dialog).getByLabelText('Destination project'), 'Archive');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Failed to move meeting')).toBeInTheDocument();
    reply = fail(400, 'Project not found');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Project not found')).toBeInTheDocument();
  });

  it('deletes a meeting after the warning, or shows why it could not', async () => {
    let reply = fail(500);
    server.on('DELETE /api/projects/:id/meetings/:meetingId', () => reply);
    const { user } = serveProject();
    await openMenuItem(user, 'Delete');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Meeting' });
    expect(dialog).toHaveTextContent('The meeting, its audio file and all transcriptions will be permanently removed.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Failed to delete meeting')).toBeInTheDocument();
    reply = { status: 204 };
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
  });
});

describe('meeting cards in shared projects (issue 37)', () => {
  it('offers a viewer no Move or Delete on the project screen', async () => {
    const viewed = makeProject({ _id: 'p1', name: 'Standups', role: 'viewer' });
    signIn(server, undefined, { projects: [viewed, archive] });
    server.on('GET /api/projects/:id', () => ok(viewed));
    server.on('GET /api/projects/:id/meetings', () => ok({ meetings: [kickoff] }));
    renderApp('/projects/p1');
    await screen.findByRole('button', { name: 'Members' });
    await screen.findByRole('link', { name: 'Kick-off' });
    expect(screen.queryByRole('button', { name: 'Actions for Kick-off' })).not.toBeInTheDocument();
  });

  it('offers Move and Delete on Home only for meetings of projects the user can edit', async () => {
    const viewed = makeProject({ _id: 'p1', name: 'Standups', role: 'viewer' });
    const retro = makeMeeting({ _id: 'm2', projectId: 'p2', title: 'Retro' });
    signIn(server, undefined, { projects: [viewed, archive] });
    server.on('GET /api/users/:userId/meetings', () => ok({ meetings: [kickoff, retro] }));
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Actions for Retro' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Kick-off' })).not.toBeInTheDocument();
  });

  it("moves an editor's meeting only to projects they can edit", async () => {
    const edited = makeProject({ _id: 'p1', name: 'Standups', role: 'editor' });
    const viewed = makeProject({ _id: 'p3', name: 'Board', role: 'viewer' });
    const { user } = serveProject([edited, archive, viewed]);
    await openMenuItem(user, 'Move');
    const select = within(await screen.findByRole('dialog', { name: 'Move Meeting' })).getByLabelText(
      'Destination project',
    );
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a project', 'Archive']);
  });
});

describe('meeting lists while the server works', () => {
  it('refetch every 3 s while a meeting is unfinished, so its badge moves on, then stop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let status: 'processing' | 'completed' = 'processing';
      signIn(server, undefined, { projects: [standups] });
      server.on('GET /api/projects/:id', () => ok(standups));
      server.on('GET /api/projects/:id/meetings', () =>
        ok({ meetings: [{ ...kickoff, transcriptionStatus: status, transcriptionProgress: 50 }] }),
      );
      renderApp('/projects/p1');
      const card = (await screen.findByRole('link', { name: 'Kick-off' })).closest('article')!;
      expect(card).toHaveTextContent('Processing');
      status = 'completed';
      await act(() => vi.advanceTimersByTimeAsync(3000));
      await waitFor(() => expect(card).toHaveTextContent('Completed'));
      const lists = () => server.requests.filter((r) => r.path === '/api/projects/p1/meetings').length;
      const count = lists();
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(lists()).toBe(count);
    } finally {
      vi.useRealTimers();
    }
  });
});
