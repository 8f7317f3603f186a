import type { User } from '@parley/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, sessionToken } from '@/lib/api-client';
import { removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { meQueryKey, meQueryOptions } from './get-me';
import { logoutOnServer } from './logout';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface AuthContextValue {
  status: AuthStatus;
  /** The signed-in user (from the `me` query, so usage updates show everywhere). */
  user: User | null;
  login: (token: string, user: User) => void;
  /** Forgets the session here (a token the server no longer accepts). */
  logout: () => void;
  /** The user's Log out: ends the session on the server too, then forgets it here. */
  signOut: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Removes everything a session leaves in local storage (spec section 4). */
export function clearStoredSession(): void {
  sessionToken.forget();
  removeStorage(STORAGE_KEYS.user, STORAGE_KEYS.hasDefaultProject);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>(() => (sessionToken.exists() ? 'loading' : 'unauthenticated'));
  const statusRef = useRef(status);
  statusRef.current = status;

  const logout = useCallback(() => {
    clearStoredSession();
    setStatus('unauthenticated');
    queryClient.clear();
  }, [queryClient]);

  const signOut = useCallback(() => {
    // Sent before the token is cleared, so the request carries it; the app signs out at once whatever
    // the answer (a server that can't be reached must not keep anyone signed in here).
    logoutOnServer().catch(() => undefined);
    logout();
  }, [logout]);

  const login = useCallback(
    (token: string, user: User) => {
      sessionToken.save(token);
      writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
      queryClient.setQueryData(meQueryKey, user);
      setStatus('authenticated');
    },
    [queryClient],
  );

  // On start, a stored token is validated with the server; any failure logs out silently.
  useEffect(() => {
    if (statusRef.current !== 'loading') return;
    let cancelled = false;
    queryClient.fetchQuery(meQueryOptions()).then(
      (user) => {
        if (cancelled) return;
        writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
        setStatus('authenticated');
      },
      () => {
        if (cancelled) return;
        clearStoredSession();
        queryClient.removeQueries({ queryKey: meQueryKey });
        setStatus('unauthenticated');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  // A query answered 401 while signed in: the token was revoked or expired, so the session is over.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const error = event.action.error;
        if (statusRef.current === 'authenticated' && error instanceof ApiError && error.status === 401) logout();
      }),
    [queryClient, logout],
  );

  const me = useQuery({ ...meQueryOptions(), enabled: status === 'authenticated' });
  const user = status === 'authenticated' ? (me.data ?? null) : null;

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, login, logout, signOut }),
    [status, user, login, logout, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

/** The signed-in user; only for screens rendered behind the sign-in gate. */
export function useCurrentUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}
