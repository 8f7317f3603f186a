import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeProject, makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();
const me = makeUser({ _id: 'u1', name: 'Ada', email: 'ada@example.com' });
const member = (id: string, name: string, role: string) => ({
  user: { _id: id, name, email: `${name.toLowerCase()}@example.com` },
  role,
  addedAt: '2026-11-22T10:00:00.000Z',
});

async function openProject(role: 'owner' | 'editor' | 'viewer') {
  const project = makeProject({ _id: 'p1', name: 'Lab', role });
  signIn(server, me, { projects: [project] });
  server.on('GET /api/projects/:id', () => ok(project));
  server.on('GET /api/projects/:id/meetings', () => ok({ meetings: [] }));
  server.on('GET /api/projects/:id/members', () =>
    ok({ members: [member('u1', 'Ada', role), member('u2', 'Bob', 'owner')] }),
  );
  const utils = renderApp('/projects/p1');
  await screen.findByRole('heading', { level: 1, name: 'Lab' });
  return utils;
}

describe('project members', () => {
  it('lets an owner add a colleague by email with a role, and shows the server’s 404', async () => {
    const { user } = await openProject('owner');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members' });
    expect(await within(dialog).findByText('Bob')).toBeInTheDocument();
    server.on('POST /api/projects/:id/members', () =>
      fail(404, 'No account has this email: they need to sign up first'),
    );
    await user.type(within(dialog).getByLabelText('Email'), 'nobody@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(/No account has this email/)).toBeInTheDocument();
    server.on('POST /api/projects/:id/members', () => ok(member('u3', 'Cat', 'viewer'), 201));
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'editor');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
        email: 'nobody@example.com',
        role: 'editor',
      }),
    );
    server.on('PATCH /api/projects/:id/members/:userId', () => ok(member('u2', 'Bob', 'viewer')));
    await user.selectOptions(within(dialog).getByLabelText('Role of Bob'), 'viewer');
    await waitFor(() => expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ role: 'viewer' }));
  });

  it('shows a viewer the members read-only, no project controls, and lets them leave', async () => {
    const { user } = await openProject('viewer');
    expect(screen.getByLabelText('Your role: Viewer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Project settings' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members' });
    await within(dialog).findByText('Bob');
    expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove Bob' })).not.toBeInTheDocument();
    server.on('DELETE /api/projects/:id/members/:userId', () => ({ status: 204 }));
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(server.requests.find((r) => r.method === 'DELETE')?.params).toEqual({ id: 'p1', userId: 'u1' });
  });
});
