import { OIDC_ERROR_MESSAGES } from '@parley/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setApiBaseUrl } from '@/lib/api-client';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeProject, makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const server = setupFakeApi();

function shellRoutes() {
  localStorage.setItem('has_default_project', 'true');
  server.on('GET /api/projects', () => ok({ projects: [makeProject()] }));
  server.on('GET /api/users/:userId/meetings', () => ok({ meetings: [] }));
  server.on('GET /api/auth/providers', () => ok({ providers: [], registrationEnabled: false }));
  // The landing's code is traded for a session token (here: the code's own session).
  server.on('POST /auth/signin/exchange', (request) =>
    ok({ token: `session-of-${(request.body as { code: string }).code}` }),
  );
}

describe('sign-in landing', () => {
  it("trades the code for a session, stores it, shows 'Signing you in...', asks for the user with it and goes to /", async () => {
    shellRoutes();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.on('GET /api/users/me', () => ({ ...ok(makeUser()), delay: held }));
    renderApp('/signin/callback?token=fresh-token');

    expect(await screen.findByText('Signing you in...')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.requests.find((r) => r.path === '/api/users/me')?.headers.authorization).toBe(
        'Bearer session-of-fresh-token',
      ),
    );
    expect(server.requests.find((r) => r.path === '/auth/signin/exchange')?.body).toEqual({ code: 'fresh-token' });
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('auth_token')).toBe('session-of-fresh-token');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'ada@example.com' });
    expect(await screen.findByRole('heading', { name: 'Recent Meetings' })).toBeInTheDocument();
  });

  it("shows 'Loading...' while a stored session is checked, then goes to / when already signed in", async () => {
    shellRoutes();
    localStorage.setItem('auth_token', 'existing');
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.on('GET /api/users/me', () => ({ ...ok(makeUser()), delay: held }));
    renderApp('/signin/callback?token=other');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('auth_token')).toBe('existing');
  });

  it.each([
    ['a 401', () => fail(401, 'Token expired'), 'Invalid or expired authentication token'],
    ['another API error with a message', () => fail(500, 'Database unavailable'), 'Database unavailable'],
    ['another API error without a message', () => fail(500), 'Failed to complete authentication'],
    ['a reply without the user', () => ok(null), 'Failed to fetch user data'],
  ])('shows the error card for %s', async (_, reply, message) => {
    shellRoutes();
    server.allowContractBreaks(/GET \/api\/users\/me: 200 reply/); // the reply without the user
    server.on('GET /api/users/me', reply);
    renderApp('/signin/callback?token=bad');
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('There was a problem signing you in')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it("shows 'An unexpected error occurred during authentication' when the server can't be reached", async () => {
    setApiBaseUrl('http://127.0.0.1:1');
    renderApp('/signin/callback?token=any');
    expect(await screen.findByText('An unexpected error occurred during authentication')).toBeInTheDocument();
  });

  it('treats a landing without a token as an invalid token', async () => {
    shellRoutes();
    renderApp('/signin/callback');
    expect(await screen.findByText('Invalid or expired authentication token')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/users/me')).toBe(false);
  });

  it('removes the token from the address bar and the history entry before anything else', async () => {
    shellRoutes();
    server.on('GET /api/users/me', () => ok(makeUser()));
    window.history.replaceState({ kept: true }, '', '/signin/callback?token=secret-token&x=1');
    renderApp('/signin/callback?token=secret-token&x=1');
    // Synchronously after the first render: nothing async has had a chance to run.
    expect(window.location.pathname + window.location.search).toBe('/signin/callback?x=1');
    expect(window.history.state).toEqual({ kept: true });
    expect(window.location.href).not.toContain('secret-token');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('still signs in with the token it removed from the address bar', async () => {
    shellRoutes();
    server.on('GET /api/users/me', () => ok(makeUser()));
    window.history.replaceState(null, '', '/signin/callback?token=secret-token');
    renderApp('/signin/callback?token=secret-token');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('auth_token')).toBe('session-of-secret-token');
    expect(window.location.search).toBe('');
  });

  it('signs nobody in with a pasted link: the server refuses the code of a flow this browser did not run', async () => {
    shellRoutes();
    server.on('POST /auth/signin/exchange', () => fail(401, 'Invalid or expired authentication token'));
    renderApp('/signin/callback?token=someone-elses-session-token');
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('Invalid or expired authentication token')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/users/me')).toBe(false);
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it.each([
    ['email_unverified', OIDC_ERROR_MESSAGES.email_unverified],
    ['access_denied', OIDC_ERROR_MESSAGES.access_denied],
    ['signup_closed', OIDC_ERROR_MESSAGES.signup_closed],
    ['something_new', OIDC_ERROR_MESSAGES.provider_error],
  ])('shows the error card for a provider sign-in that failed with %s', async (code, message) => {
    shellRoutes();
    renderApp(`/signin/callback?error=${code}`);
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('There was a problem signing you in')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/users/me')).toBe(false);
  });

  it("'Back to Login' returns to the sign-in screen at /", async () => {
    shellRoutes();
    server.on('GET /api/users/me', () => fail(401, 'nope'));
    const { user } = renderApp('/signin/callback?token=bad');
    await user.click(await screen.findByRole('button', { name: 'Back to Login' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(await screen.findByRole('heading', { name: 'Welcome to Parley' })).toBeInTheDocument();
  });

  it('redirects to / by itself 5 s after an error, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      shellRoutes();
      server.on('GET /api/users/me', () => fail(401, 'nope'));
      renderApp('/signin/callback?token=bad');
      await screen.findByRole('heading', { name: 'Authentication Error' });
      // The clock also moves with real time (a few ms since the card appeared), hence the margins.
      await act(() => vi.advanceTimersByTimeAsync(4700));
      expect(screen.getByTestId('location')).toHaveTextContent('/signin/callback?token=bad');
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    } finally {
      vi.useRealTimers();
    }
  });
});
