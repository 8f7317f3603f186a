import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeMeeting, makeProject, makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();

describe('app shell', () => {
  it('has Home, Projects and People links and the usage bar in the sidebar', async () => {
    signIn(server, makeUser({ currentMonthUsage: { duration: 1_200, month: 11, year: 2026 } }));
    renderApp('/');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    const nav = within(sidebar).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(within(nav).getByRole('link', { name: 'People' })).toHaveAttribute('href', '/people');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByText('20 / 300 min')).toBeInTheDocument();
  });

  it('collapses the sidebar and remembers it across reloads', async () => {
    signIn(server);
    const first = renderApp('/');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    await first.user.click(within(sidebar).getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    expect(localStorage.getItem('sidebarCollapsed')).toBe('true');
    first.unmount();

    const second = renderApp('/');
    const again = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(again).toHaveAttribute('data-collapsed', 'true');
    await second.user.click(within(again).getByRole('button', { name: 'Expand sidebar' }));
    expect(localStorage.getItem('sidebarCollapsed')).toBe('false');
  });

  it('redirects an unknown path to /', async () => {
    signIn(server);
    renderApp('/no/such/page');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByRole('heading', { name: 'Recent Meetings' })).toBeInTheDocument();
  });

  it('creates the default project for a user without projects', async () => {
    signIn(server, makeUser(), { projects: [] });
    localStorage.removeItem('has_default_project');
    server.on('POST /api/projects', (req) => ok(makeProject({ ...(req.body as object), _id: 'p1' }), 201));
    renderApp('/');
    await waitFor(() => expect(localStorage.getItem('has_default_project')).toBe('true'));
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { name: 'My Meetings', description: 'Default project for all meetings' },
    ]);
  });
});

describe('greeting', () => {
  it("says 'Welcome' right after sign-up and 'Welcome back' to a returning user", async () => {
    const grace = makeUser({ _id: 'user000009', name: 'Grace Hopper', email: 'grace@example.com' });
    server.on('GET /api/auth/providers', () => ok({ providers: [], registrationEnabled: true }));
    server.on('POST /auth/register', () => ok({ token: 'jwt-new', user: grace }, 201));
    server.on('GET /api/users/me', () => ok(grace));
    server.on('GET /api/projects', () => ok({ projects: [makeProject()] }));
    server.on('GET /api/users/:userId/meetings', () => ok({ meetings: [] }));
    localStorage.setItem('has_default_project', 'true');
    const first = renderApp('/');
    await first.user.click(await screen.findByRole('button', { name: 'Create account' }));
    await first.user.type(screen.getByLabelText('Name'), 'Grace Hopper');
    await first.user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await first.user.type(screen.getByLabelText('Password'), 'long enough');
    await first.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeInTheDocument();
    first.unmount();

    sessionStorage.clear(); // another tab, another day
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Grace' })).toBeInTheDocument();
  });
});

describe('mobile bar', () => {
  it('has Home, Projects, New Meeting, People and an Account menu with Profile and Log out', async () => {
    signIn(server);
    const { user } = renderApp('/');
    const bar = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(bar).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Projects' })).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'People' })).toBeInTheDocument();
    await waitFor(() => expect(within(bar).getByRole('button', { name: 'New Meeting' })).toBeEnabled());
    await user.click(within(bar).getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
  });

  it('disables New Meeting while the user has no projects', async () => {
    signIn(server, makeUser(), { projects: [] });
    renderApp('/');
    const bar = await screen.findByRole('navigation', { name: 'Mobile' });
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/projects')).toBe(true));
    expect(within(bar).getByRole('button', { name: 'New Meeting' })).toBeDisabled();
  });

  it('opens the Profile dialog with name, email, tier limits and this month', async () => {
    signIn(
      server,
      makeUser({
        tier: { name: 'pro', limits: { monthlyDuration: 36_000, maxFileSize: 209_715_200 } },
        currentMonthUsage: { duration: 2_700, month: 11, year: 2026 },
      }),
    );
    const { user } = renderApp('/');
    const bar = await screen.findByRole('navigation', { name: 'Mobile' });
    await user.click(within(bar).getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    expect(dialog).toHaveTextContent('Ada Lovelace');
    expect(dialog).toHaveTextContent('ada@example.com');
    expect(dialog).toHaveTextContent('600 minutes');
    expect(dialog).toHaveTextContent('200 MB');
    expect(dialog).toHaveTextContent('45 of 600 minutes used');
  });

  it('changes the password from the Profile dialog', async () => {
    signIn(server);
    server.on('PUT /api/users/me/password', (req) =>
      (req.body as { currentPassword: string }).currentPassword === 'old-secret'
        ? { status: 204 }
        : fail(400, 'Current password is incorrect'),
    );
    const { user } = renderApp('/');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await user.click(within(sidebar).getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });

    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await within(dialog).findByText('Current password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Current password'), 'wrong');
    await user.type(within(dialog).getByLabelText('New password'), 'brand-new-pass');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'brand-new-typo');
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await within(dialog).findByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Confirm new password'));
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'brand-new-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Current password'));
    await user.type(within(dialog).getByLabelText('Current password'), 'old-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Current password')).toHaveValue(''));
    expect(server.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'brand-new-pass',
      keepAccessTokens: false,
    });
    // The dialog says what a change ends, and offers to keep the API tokens.
    expect(dialog).toHaveTextContent('signs you out on your other devices and browsers, and revokes your API tokens');
    await user.type(within(dialog).getByLabelText('Current password'), 'old-secret');
    await user.type(within(dialog).getByLabelText('New password'), 'newest-pass');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'newest-pass');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Keep my API tokens' }));
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({ keepAccessTokens: true }),
    );
  });
});

describe('home', () => {
  it('asks for the 5 most recent meetings and shows their cards', async () => {
    signIn(server);
    server.on('GET /api/users/:userId/meetings', () =>
      ok({
        meetings: [
          makeMeeting({ _id: 'm1', projectId: 'p1', title: 'Standup', duration: 65, transcriptionStatus: 'completed' }),
          makeMeeting({ _id: 'm2', projectId: 'p2', title: 'Retro', duration: 0, transcriptionStatus: 'processing' }),
        ],
      }),
    );
    renderApp('/');
    const standup = await screen.findByRole('link', { name: 'Standup' });
    expect(standup).toHaveAttribute('href', '/projects/p1/meetings/m1');
    expect(standup.closest('article')).toHaveTextContent('1:05');
    expect(standup.closest('article')).toHaveTextContent('Nov 22, 2026');
    expect(standup.closest('article')).toHaveTextContent('Completed');
    const retro = screen.getByRole('link', { name: 'Retro' }).closest('article')!;
    expect(retro).toHaveTextContent('N/A');
    expect(retro).toHaveTextContent('Processing');
    const request = server.requests.find((r) => r.path === '/api/users/user000001/meetings');
    expect(request?.query.get('limit')).toBe('5');
  });

  it('rings a meeting card for a keyboard user, as every other control on focus-visible', async () => {
    signIn(server);
    server.on('GET /api/users/:userId/meetings', () =>
      ok({ meetings: [makeMeeting({ _id: 'm1', projectId: 'p1', title: 'Standup' })] }),
    );
    const { user } = renderApp('/');
    const link = await screen.findByRole('link', { name: 'Standup' });
    // Tab reaches the card (its title link covers it) from the top of the page.
    for (let presses = 0; presses < 30 && document.activeElement !== link; presses++) await user.tab();
    expect(link).toHaveFocus();
    // jsdom draws nothing: the card carries the classes that ring it while its link has keyboard focus.
    expect(link.closest('article')).toHaveClass(
      'has-[a:focus-visible]:border-ring',
      'has-[a:focus-visible]:ring-[3px]',
      'has-[a:focus-visible]:ring-ring/50',
    );
  });

  it("shows 'No meetings yet'; New Meeting asks for a project, and Create New Project leads to /projects", async () => {
    signIn(server);
    server.on('GET /api/projects', () => ok({ projects: [] }));
    const { user } = renderApp('/');
    expect(await screen.findByText('No meetings yet')).toBeInTheDocument();
    const main = screen.getByRole('main');
    await user.click(within(main).getAllByRole('button', { name: 'New Meeting' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Select Project' });
    await user.click(within(dialog).getByRole('button', { name: 'Create New Project' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/projects$/));
  });

  it("shows 'Failed to load meetings' when the list fails without a message", async () => {
    signIn(server);
    server.on('GET /api/users/:userId/meetings', () => fail(500));
    renderApp('/');
    expect(await screen.findByText('Failed to load meetings')).toBeInTheDocument();
  });
});
