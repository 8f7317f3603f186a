import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();

describe('authentication state', () => {
  it('shows the sign-in screen on any path when nobody is signed in', async () => {
    server.on('GET /api/auth/providers', () => ok({ providers: [], registrationEnabled: false }));
    renderApp('/people/some-id');
    expect(await screen.findByRole('heading', { name: 'Welcome to Parley' })).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/users/me')).toBe(false);
  });

  it('validates a stored token on start and clears the session silently when it fails', async () => {
    server.on('GET /api/auth/providers', () => ok({ providers: [], registrationEnabled: false }));
    server.on('GET /api/users/me', () => fail(401, 'Invalid token'));
    localStorage.setItem('auth_token', 'stale');
    localStorage.setItem('user', JSON.stringify(makeUser()));
    localStorage.setItem('has_default_project', 'true');
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Parley' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('has_default_project')).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a valid stored session and opens the requested screen', async () => {
    signIn(server);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Recent Meetings' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ _id: 'user000001' });
  });

  it('logs in from the sign-in screen: stores token and user and shows the app', async () => {
    server.on('GET /api/auth/providers', () => ok({ providers: [], registrationEnabled: false }));
    const account = makeUser();
    server.on('POST /auth/login', () => ok({ token: 'jwt-9', user: account }));
    signIn(server, account);
    localStorage.removeItem('auth_token');
    const { user } = renderApp('/');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Recent Meetings' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('jwt-9');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(account);
  });

  it('logs out from the user menu: ends the session on the server with its token and clears the stored session', async () => {
    signIn(server);
    server.on('GET /api/auth/providers', () => ok({ providers: [], registrationEnabled: false }));
    server.on('POST /auth/logout', () => ({ status: 204 }));
    const token = localStorage.getItem('auth_token');
    const { user } = renderApp('/people');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await user.click(within(sidebar).getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('menu')).toHaveTextContent('ada@example.com');
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Parley' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('has_default_project')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const logout = server.requests.filter((r) => r.path === '/auth/logout');
    expect(logout.map((r) => [r.method, r.headers.authorization])).toEqual([['POST', `Bearer ${token}`]]);
  });

  it('signs out here even when the server cannot be told', async () => {
    signIn(server);
    server.on('GET /api/auth/providers', () => ok({ providers: [], registrationEnabled: false }));
    server.on('POST /auth/logout', () => fail(500, 'Database unavailable'));
    const { user } = renderApp('/people');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await user.click(within(sidebar).getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Parley' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
