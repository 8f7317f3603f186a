import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { useAuth } from '@/api/session/auth-context';
import { DelayedSpinner } from '@/components/ui/spinner';
import { SIGN_IN_CALLBACK_PATH, SignInCallback, SignInScreen } from '@/features/auth';

// Everything behind sign-in is a separate chunk, so the first screen loads only what sign-in needs.
const loadAuthenticatedApp = () => import('./AuthenticatedApp');
const AuthenticatedApp = lazy(loadAuthenticatedApp);
// A share link opens without sign-in (docs/decisions/172).
const SharedMeetingPage = lazy(() => import('./pages/SharedMeetingPage'));

function FullScreenSpinner() {
  return <DelayedSpinner className="min-h-dvh" label="Loading" />;
}

function AuthGate() {
  const { status, login } = useAuth();
  // A stored session is being checked: fetch the app's code meanwhile instead of after the answer.
  useEffect(() => {
    if (status !== 'unauthenticated') void loadAuthenticatedApp();
  }, [status]);
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'unauthenticated') return <SignInScreen onLoginSuccess={login} />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <AuthenticatedApp />
    </Suspense>
  );
}

export function App() {
  return (
    <Routes>
      <Route path={SIGN_IN_CALLBACK_PATH} element={<SignInCallback />} />
      <Route
        path="/s/:token"
        element={
          <Suspense fallback={<FullScreenSpinner />}>
            <SharedMeetingPage />
          </Suspense>
        }
      />
      <Route path="*" element={<AuthGate />} />
    </Routes>
  );
}
