import type { AdminUser, UpdateAdminUserRequest } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();
// The route's page is a lazy chunk; transforming it on first use can outlast a findBy timeout.
beforeAll(() => import('@/app/AuthenticatedApp').then(() => import('./AdminPage')), 30_000);

const admin = makeUser({ _id: 'user000001', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' });

function account(overrides: Partial<AdminUser>): AdminUser {
  return {
    _id: 'user000002',
    name: 'Bob Stone',
    email: 'bob@example.com',
    role: 'user',
    disabled: false,
    monthlyMinutes: null,
    maxFileSizeMb: null,
    usage: { minutes: 45, limitMinutes: 300, maxFileSizeMb: 100 },
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An instance of three accounts kept in memory, so a change shows when the page reloads the list. */
function serveInstance() {
  let accounts = [
    account({
      _id: 'user000001',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'admin',
      usage: { minutes: 120, limitMinutes: 600, maxFileSizeMb: 200 },
    }),
    account({}),
    account({ _id: 'user000003', name: 'Cat Reyes', email: 'cat@example.com', disabled: true }),
  ];
  signIn(server, admin, { projects: [] });
  server.on('GET /api/admin/overview', () =>
    ok({ accounts: 3, meetings: 42, storedBytes: 1_500_000_000, jobsWaiting: 2, jobsFailed: 1 }),
  );
  server.on('GET /api/admin/users', (request) => {
    const search = request.query.get('search')?.toLowerCase() ?? '';
    const users = accounts.filter((a) => `${a.name} ${a.email}`.toLowerCase().includes(search));
    return ok({ users, pagination: { page: 1, pages: 1, total: users.length, limit: 25 } });
  });
  server.on('PATCH /api/admin/users/:id', (request) => {
    const body = request.body as UpdateAdminUserRequest;
    accounts = accounts.map((a) => {
      if (a._id !== request.params.id) return a;
      const limitMinutes = body.monthlyMinutes === undefined ? a.usage.limitMinutes : (body.monthlyMinutes ?? 300);
      return { ...a, ...body, usage: { ...a.usage, limitMinutes } };
    });
    return ok(accounts.find((a) => a._id === request.params.id));
  });
}

const rowOf = (email: string) => within(screen.getByRole('table')).getByText(email).closest('tr') as HTMLElement;
const patches = () => server.requests.filter((r) => r.method === 'PATCH');

async function openAdmin() {
  const app = renderApp('/admin');
  await screen.findByText('bob@example.com', {}, { timeout: 5000 });
  return app;
}

describe('Admin page', { timeout: 20_000 }, () => {
  it('shows the instance at a glance and every account with its usage this month', async () => {
    serveInstance();
    await openAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    const overview = await screen.findByRole('region', { name: 'The instance at a glance' });
    await waitFor(() => expect(overview).toHaveTextContent('Accounts3'));
    expect(overview).toHaveTextContent('Meetings42');
    expect(overview).toHaveTextContent('Stored recordings1.5 GB');
    expect(overview).toHaveTextContent('Jobs waiting2');
    expect(overview).toHaveTextContent('Failed jobs1');

    expect(within(rowOf('ada@example.com')).getByText('120 / 600 min')).toBeInTheDocument();
    expect(within(rowOf('ada@example.com')).getByText('Admin')).toBeInTheDocument();
    expect(within(rowOf('bob@example.com')).getByText('45 / 300 min')).toBeInTheDocument();
    expect(within(rowOf('cat@example.com')).getByText('Disabled')).toBeInTheDocument();
    // An admin cannot disable or demote themself (the server refuses it with 409): nothing offers it.
    expect(within(rowOf('ada@example.com')).queryByRole('button')).toBeNull();
    expect(server.requests.find((r) => r.path === '/api/admin/users')?.query.get('limit')).toBe('25');
  });

  it('disables an account and enables it again, showing the new state', async () => {
    serveInstance();
    const { user } = await openAdmin();
    await user.click(within(rowOf('bob@example.com')).getByRole('button', { name: 'Disable' }));
    expect(await within(rowOf('bob@example.com')).findByText('Disabled')).toBeInTheDocument();
    expect(patches().map((r) => [r.path, r.body])).toEqual([['/api/admin/users/user000002', { disabled: true }]]);

    await user.click(within(rowOf('bob@example.com')).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(within(rowOf('bob@example.com')).queryByText('Disabled')).toBeNull());
    expect(patches()[1]?.body).toEqual({ disabled: false });
    expect(within(rowOf('bob@example.com')).getByRole('button', { name: 'Disable' })).toBeInTheDocument();
  });

  it('makes an account admin', async () => {
    serveInstance();
    const { user } = await openAdmin();
    await user.click(within(rowOf('bob@example.com')).getByRole('button', { name: 'Make admin' }));
    expect(await within(rowOf('bob@example.com')).findByText('Admin')).toBeInTheDocument();
    expect(patches()[0]?.body).toEqual({ role: 'admin' });
  });

  it("edits an account's limits; blank goes back to the tier's, text that is no whole number is not sent and says why", async () => {
    serveInstance();
    const { user } = await openAdmin();
    const minutes = within(rowOf('bob@example.com')).getByLabelText('Monthly minutes of Bob Stone');
    expect(minutes).toHaveValue('');
    await user.type(minutes, '900{Enter}');
    expect(await within(rowOf('bob@example.com')).findByText('45 / 900 min')).toBeInTheDocument();
    expect(patches()[0]?.body).toEqual({ monthlyMinutes: 900 });

    const upload = within(rowOf('bob@example.com')).getByLabelText('Largest upload in MB of Bob Stone');
    await user.type(upload, '1.5{Enter}');
    expect(upload).toHaveAccessibleDescription('Enter whole megabytes, 1 or more');
    expect(upload).toHaveAttribute('aria-invalid', 'true');
    await user.clear(upload);
    await user.type(upload, '250');
    await user.tab();
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]?.body).toEqual({ maxFileSizeMb: 250 });
    expect(upload).not.toHaveAttribute('aria-invalid');

    await user.clear(within(rowOf('bob@example.com')).getByLabelText('Monthly minutes of Bob Stone'));
    await user.tab();
    await waitFor(() => expect(patches()).toHaveLength(3));
    expect(patches()[2]?.body).toEqual({ monthlyMinutes: null });
    expect(await within(rowOf('bob@example.com')).findByText('45 / 300 min')).toBeInTheDocument();
  });

  it("shows the server's message when a change is refused", async () => {
    serveInstance();
    server.on('PATCH /api/admin/users/:id', () => fail(409, 'This Parley must keep an admin'));
    const { user } = await openAdmin();
    await user.click(within(rowOf('bob@example.com')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('This Parley must keep an admin')).toBeInTheDocument();
    expect(within(rowOf('bob@example.com')).queryByText('Disabled')).toBeNull();
  });

  it('searches the accounts by name or email', async () => {
    serveInstance();
    const { user } = await openAdmin();
    await user.type(screen.getByLabelText('Search accounts'), 'cat');
    await waitFor(() => expect(screen.queryByText('bob@example.com')).toBeNull());
    expect(screen.getByText('cat@example.com')).toBeInTheDocument();
    expect(server.requests.at(-1)?.query.get('search')).toBe('cat');
  });
});

it("shows an account that is not admin, come by the address, the server's refusal and no accounts", async () => {
  const refusal = 'Only an administrator of this Parley can do this';
  signIn(server, makeUser({ role: 'user' }));
  server.on('GET /api/admin/users', () => fail(403, refusal));
  server.on('GET /api/admin/overview', () => fail(403, refusal));
  renderApp('/admin');
  expect((await screen.findAllByText(refusal, {}, { timeout: 5000 })).length).toBeGreaterThan(0);
  expect(screen.queryByRole('table')).toBeNull();
});

describe('Admin entry in the account menu', () => {
  it('is offered to the admin and opens the Admin page', async () => {
    serveInstance();
    const { user } = renderApp('/');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await user.click(within(sidebar).getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Admin' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(await screen.findByText('bob@example.com', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('is not offered to an account that is not admin', async () => {
    signIn(server, makeUser({ role: 'user' }));
    const { user } = renderApp('/');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await user.click(within(sidebar).getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Webhooks' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).toBeNull();
  });
});
