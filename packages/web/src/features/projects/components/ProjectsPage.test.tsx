import type { RouteKey } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeMeeting, makeProject } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();

async function openProjects(
  projects = [makeProject({ _id: 'p1', name: 'Alpha', description: 'First', meetingCount: 3 })],
) {
  signIn(server, undefined, { projects });
  const utils = renderApp('/projects');
  await screen.findByRole('heading', { level: 1, name: 'Projects' });
  return utils;
}

describe('project list', () => {
  it('lists projects with their meeting count and created date', async () => {
    await openProjects();
    const link = await screen.findByRole('link', { name: 'Alpha' });
    expect(link).toHaveAttribute('href', '/projects/p1');
    const card = link.closest('article')!;
    expect(card).toHaveTextContent('First');
    expect(card).toHaveTextContent('3 meetings');
    expect(card).toHaveTextContent('Nov 22, 2026');
  });

  it("shows 'Failed to load projects' when the list fails without a message", async () => {
    signIn(server);
    server.on('GET /api/projects', () => fail(500));
    renderApp('/projects');
    expect(await screen.findByText('Failed to load projects')).toBeInTheDocument();
  });

  it('creates a project with a trimmed name and no empty description', async () => {
    const { user } = await openProjects();
    server.on('POST /api/projects', (req) => ok(makeProject(req.body as object), 201));
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Project' });
    const save = within(dialog).getByRole('button', { name: 'Create Project' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), 'Roadmap  ');
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Roadmap' });
  });

  it('shows the field messages for a short name and a long description', async () => {
    const { user } = await openProjects();
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Project' });
    await user.type(within(dialog).getByLabelText('Name'), 'a');
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveAttribute('maxlength', '500');
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('maxlength', '100');
    await user.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await within(dialog).findByText('Project name must be at least 2 characters')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it.each([
    [fail(500), 'Failed to create project'],
    [fail(409, 'A project named "Roadmap" already exists'), 'A project named "Roadmap" already exists'],
  ])('shows the create error %#', async (reply, message) => {
    const { user } = await openProjects();
    server.on('POST /api/projects', () => reply);
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Project' });
    await user.type(within(dialog).getByLabelText('Name'), 'Roadmap');
    await user.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it("edits a project and sends a cleared description as ''", async () => {
    const { user } = await openProjects();
    server.on('PUT /api/projects/:id', (req) => ok(makeProject({ _id: 'p1', ...(req.body as object) })));
    await user.click(await screen.findByRole('button', { name: 'Actions for Alpha' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Alpha');
    await user.clear(within(dialog).getByLabelText('Description (optional)'));
    await user.clear(within(dialog).getByLabelText('Name'));
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), 'Alpha 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/projects/p1');
    expect(put?.body).toEqual({ name: 'Alpha 2', description: '' });
  });

  it("shows 'Failed to update project' when saving fails", async () => {
    const { user } = await openProjects();
    server.on('PUT /api/projects/:id', () => fail(500));
    await user.click(await screen.findByRole('button', { name: 'Actions for Alpha' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Failed to update project')).toBeInTheDocument();
  });

  it('warns that deleting a project deletes its meetings, and reports a failure', async () => {
    const { user } = await openProjects();
    server.on('DELETE /api/projects/:id', () => fail(500));
    await user.click(await screen.findByRole('button', { name: 'Actions for Alpha' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Project' });
    expect(dialog).toHaveTextContent('3 meetings');
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Failed to delete project')).toBeInTheDocument();
  });

  it("shows the server's message when a rename would duplicate another project's name", async () => {
    const { user } = await openProjects();
    server.on('PUT /api/projects/:id', () => fail(409, 'A project named "Beta" already exists'));
    await user.click(await screen.findByRole('button', { name: 'Actions for Alpha' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'beta');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('A project named "Beta" already exists')).toBeInTheDocument();
  });

  it.each([
    [0, 'Are you sure you want to delete Empty? This action cannot be undone.'],
    [
      1,
      'Are you sure you want to delete Empty? Its 1 meeting, with its recording and transcript, will be deleted too. This action cannot be undone.',
    ],
  ])('words the delete warning for %i meeting(s)', async (meetingCount, text) => {
    const { user } = await openProjects([makeProject({ _id: 'p9', name: 'Empty', meetingCount })]);
    await user.click(await screen.findByRole('button', { name: 'Actions for Empty' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Project' });
    expect(
      within(dialog)
        .getByText(/Are you sure/)
        .textContent?.replace(/\s+/g, ' ')
        .trim(),
    ).toBe(text);
  });

  it('deletes a project and reloads the list', async () => {
    const { user } = await openProjects();
    let deleted = false;
    server.on('DELETE /api/projects/:id', () => {
      deleted = true;
      return { status: 204 };
    });
    server.on('GET /api/projects', () => ok({ projects: deleted ? [] : [makeProject({ name: 'Alpha' })] }));
    await user.click(await screen.findByRole('button', { name: 'Actions for Alpha' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
  });
});

describe('project detail', () => {
  it('shows the description and the meetings grid', async () => {
    signIn(server);
    server.on('GET /api/projects/:id', () => ok(makeProject({ _id: 'p1', name: 'Alpha', description: 'All about A' })));
    server.on('GET /api/projects/:id/meetings', () =>
      ok({ meetings: [makeMeeting({ _id: 'm1', projectId: 'p1', title: 'Kick-off', duration: 125 })] }),
    );
    renderApp('/projects/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alpha' })).toBeInTheDocument();
    expect(screen.getByText('All about A')).toBeInTheDocument();
    const meeting = await screen.findByRole('link', { name: 'Kick-off' });
    expect(meeting).toHaveAttribute('href', '/projects/p1/meetings/m1');
    expect(meeting.closest('article')).toHaveTextContent('2:05');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Projects');
  });

  it('shows the empty state when the project has no meetings', async () => {
    signIn(server);
    server.on('GET /api/projects/:id', () => ok(makeProject({ _id: 'p1', name: 'Alpha' })));
    server.on('GET /api/projects/:id/meetings', () => ok({ meetings: [] }));
    renderApp('/projects/p1');
    expect(await screen.findByText('No meetings yet')).toBeInTheDocument();
  });

  it.each<[RouteKey, string]>([
    ['GET /api/projects/:id', 'Failed to load project details'],
    ['GET /api/projects/:id/meetings', 'Failed to load meetings'],
  ])('shows the fallback when %s fails without a message', async (route, message) => {
    signIn(server);
    server.on('GET /api/projects/:id', () => ok(makeProject({ _id: 'p1', name: 'Alpha' })));
    server.on('GET /api/projects/:id/meetings', () => ok({ meetings: [] }));
    server.on(route, () => fail(500));
    renderApp('/projects/p1');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
