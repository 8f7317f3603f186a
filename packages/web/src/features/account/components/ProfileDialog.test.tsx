import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, setupFakeApi } from '@/test/fake-api';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';

const server = setupFakeApi();

describe('Profile of an account made through an identity provider', () => {
  it('says it signs in with the provider and sets a first password without a current one', async () => {
    let hasPassword = false;
    signIn(server, makeUser({ hasPassword: false }));
    server.on('GET /api/users/me', () => ok(makeUser({ hasPassword })));
    server.on('GET /api/auth/providers', () =>
      ok({ providers: [{ id: 'oidc', name: 'Keycloak', url: '/auth/oidc' }], registrationEnabled: true }),
    );
    server.on('PUT /api/users/me/password', () => {
      hasPassword = true;
      return { status: 204 };
    });
    const { user } = renderApp('/');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await user.click(within(sidebar).getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });

    expect(within(dialog).getByRole('heading', { name: 'Set a password' })).toBeInTheDocument();
    expect(
      await within(dialog).findByText(/This account signs in with Keycloak and has no password/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();

    await user.type(within(dialog).getByLabelText('New password'), 'first-password');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'first-password');
    await user.click(within(dialog).getByRole('button', { name: 'Set Password' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      newPassword: 'first-password',
      keepAccessTokens: false,
    });

    // The account now has a password: the dialog offers the usual change form.
    expect(await within(dialog).findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Current password')).toBeInTheDocument();
  });
});
