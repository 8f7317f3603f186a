import type { User } from '@parley/contract';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { App } from '@/app/App';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { type FakeApi, ok } from './fake-api';
import { makeProject, makeUser } from './fixtures';

export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } });
  return client;
}

/** Shows the current location so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders any element with the app's providers and a memory router at `path`. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient}>
        {ui}
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...utils, user, queryClient };
}

/** The whole app at `path`, as a visitor's browser would load it. */
export function renderApp(path = '/') {
  return renderWithProviders(<App />, { path });
}

/**
 * A signed-in session: a stored token, `GET /api/users/me`, and empty lists for what the shell
 * loads on every screen (projects, recent meetings). Tests register their own routes after this.
 */
export function signIn(
  server: FakeApi,
  user: User = makeUser(),
  { projects = [makeProject()] }: { projects?: object[] } = {},
) {
  localStorage.setItem('auth_token', 'test-token');
  localStorage.setItem('has_default_project', 'true');
  server.on('GET /api/users/me', () => ok(user));
  server.on('GET /api/projects', () => ok({ projects }));
  server.on('GET /api/users/:userId/meetings', () => ok({ meetings: [] }));
  return user;
}
