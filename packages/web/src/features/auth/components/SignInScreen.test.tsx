import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setApiBaseUrl } from '@/lib/api-client';
import { fail, ok, setupFakeApi } from '@/test/fake-api';
import { makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SignInScreen } from './SignInScreen';

const server = setupFakeApi();

function renderSignIn(
  { providers = [], registrationEnabled = false } = {} as {
    providers?: { id: string; name: string; url: string }[];
    registrationEnabled?: boolean;
  },
) {
  server.on('GET /api/auth/providers', () => ok({ providers, registrationEnabled }));
  const onLoginSuccess = vi.fn();
  const utils = renderWithProviders(<SignInScreen onLoginSuccess={onLoginSuccess} />);
  return { ...utils, onLoginSuccess };
}

async function submitLogin(user: ReturnType<typeof renderSignIn>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in screen', () => {
  it("shows a welcome heading with the product's name and labelled fields", () => {
    renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Parley' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('requires email and password', async () => {
    const { user } = renderSignIn();
    await submitLogin(user, '', '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.filter((r) => r.path === '/auth/login')).toHaveLength(0);
  });

  it('requires an email format', async () => {
    const { user } = renderSignIn();
    await submitLogin(user, 'not-an-email', 'secret');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('signs in and hands the session to the login-success callback', async () => {
    const account = makeUser();
    server.on('POST /auth/login', () => ok({ token: 'jwt-1', user: account }));
    const { user, onLoginSuccess } = renderSignIn();
    await submitLogin(user, 'ADA@example.com ', 'secret');
    await waitFor(() => expect(onLoginSuccess).toHaveBeenCalledWith('jwt-1', account));
    expect(server.requests.find((r) => r.path === '/auth/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret',
    });
  });

  it("shows 'Invalid email or password' on 401 whatever the server says", async () => {
    server.on('POST /auth/login', () => fail(401, 'Unauthorized'));
    const { user, onLoginSuccess } = renderSignIn();
    await submitLogin(user, 'ada@example.com', 'wrong');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(onLoginSuccess).not.toHaveBeenCalled();
  });

  it('shows the server message for other API errors (e.g. 429)', async () => {
    server.on('POST /auth/login', () => ({
      ...fail(429, 'Too many attempts. Try again in 60 seconds.'),
      headers: { 'Retry-After': '60' },
    }));
    const { user } = renderSignIn();
    await submitLogin(user, 'ada@example.com', 'wrong');
    expect(await screen.findByText('Too many attempts. Try again in 60 seconds.')).toBeInTheDocument();
  });

  it("falls back to 'An error occurred during login' when the server sent no message", async () => {
    server.on('POST /auth/login', () => fail(500));
    const { user } = renderSignIn();
    await submitLogin(user, 'ada@example.com', 'secret');
    expect(await screen.findByText('An error occurred during login')).toBeInTheDocument();
  });

  it("shows 'Unable to connect to the server' when no reply arrives", async () => {
    const { user } = renderSignIn();
    await screen.findByRole('button', { name: 'Sign In' });
    setApiBaseUrl('http://127.0.0.1:1');
    await submitLogin(user, 'ada@example.com', 'secret');
    expect(await screen.findByText('Unable to connect to the server')).toBeInTheDocument();
  });

  it('offers external providers only when the server lists some', async () => {
    renderSignIn({ providers: [{ id: 'oidc', name: 'Company SSO', url: '/auth/oidc' }] });
    const link = await screen.findByRole('link', { name: 'Sign in with Company SSO' });
    expect(link).toHaveAttribute('href', '/auth/oidc');
  });

  it('shows no provider button when the list is empty', async () => {
    renderSignIn({ providers: [], registrationEnabled: true });
    // The reply has been applied once the registration switch it carries is shown.
    await screen.findByRole('button', { name: 'Create account' });
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });
});

describe('create account', () => {
  it('is hidden when registration is disabled', async () => {
    renderSignIn({ registrationEnabled: false, providers: [{ id: 'oidc', name: 'Company SSO', url: '/auth/oidc' }] });
    // The reply has been applied once the provider it lists is shown.
    await screen.findByRole('link', { name: 'Sign in with Company SSO' });
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('validates name, email and a password of at least 8 characters', async () => {
    const { user } = renderSignIn({ registrationEnabled: true });
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('registers with /auth/register and signs in', async () => {
    const account = makeUser({ name: 'Grace' });
    server.on('POST /auth/register', () => ok({ token: 'jwt-2', user: account }, 201));
    const { user, onLoginSuccess } = renderSignIn({ registrationEnabled: true });
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Name'), 'Grace');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onLoginSuccess).toHaveBeenCalledWith('jwt-2', account));
  });

  it('shows the server message for a taken email (409)', async () => {
    server.on('POST /auth/register', () => fail(409, 'An account with this email already exists'));
    const { user } = renderSignIn({ registrationEnabled: true });
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Name'), 'Grace');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
  });
});
