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
  server.on('GET /api/users/:id/meetings', () => ok({ meetings: [] }));
  server.on('GET /api/auth/providers', () => ok({ providers: [], registrationEnabled: false }));
}

describe('sign-in landing', () => {
  it("stores the token, shows 'Signing you in...', asks for the user with it and goes to /", async () => {
    shellRoutes();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.on('GET /api/users/me', () => ({ ...ok(makeUser()), delay: held }));
    renderApp('/signin/callback?token=fresh-token');

    expect(await screen.findByText('Signing you in...')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.requests.find((r) => r.path === '/api/users/me')?.headers.authorization).toBe('Bearer fresh-token'),
    );
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('auth_token')).toBe('fresh-token');
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
