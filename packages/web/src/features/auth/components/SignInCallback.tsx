import { oidcErrorMessage } from '@parley/contract';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '@/api/session/auth-context';
import { getMe } from '@/api/session/get-me';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { sessionToken } from '@/lib/api-client';
import { exchangeSignInCode } from '../api/sign-in-exchange';
import { callbackErrorMessage, INVALID_TOKEN_MESSAGE, MissingUserError } from '../lib/messages';

/**
 * Where the server's external sign-in flow sends the browser back, with `?token=`: a one-time code this
 * browser trades for its session (decision 106), so a link someone else sends signs nobody in.
 */
export const SIGN_IN_CALLBACK_PATH = '/signin/callback';
/** After an error the landing returns to / by itself after this long (decision 020), or at once via the button. */
export const CALLBACK_ERROR_REDIRECT_MS = 5000;

/**
 * The session token must not stay in the address bar, the history entry or a Referer: it is removed
 * the moment the landing renders, before anything else runs. The router keeps its own copy of the URL.
 */
function removeTokenFromAddressBar() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('token')) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

function Centered({ children }: { children: React.ReactNode }) {
  return <main className="bg-muted/40 flex min-h-dvh items-center justify-center p-4">{children}</main>;
}

export function SignInCallback() {
  const { status, login } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const token = params.get('token');
  // An external provider's sign-in that failed on the server arrives as ?error=<code>.
  const providerError = params.get('error');
  removeTokenFromAddressBar();

  useEffect(() => {
    if (status === 'loading' || started.current) return;
    started.current = true;
    if (status === 'authenticated') {
      navigate('/', { replace: true });
      return;
    }
    if (providerError) {
      setError(oidcErrorMessage(providerError));
      return;
    }
    if (!token) {
      setError(INVALID_TOKEN_MESSAGE); // no token in the URL: same as a token the server refused
      return;
    }
    (async () => {
      try {
        const session = await exchangeSignInCode(token);
        // The token is stored first so that /api/users/me is asked with it.
        sessionToken.save(session);
        const user = await getMe();
        if (!user || typeof user !== 'object' || !user._id) throw new MissingUserError();
        login(session, user);
        navigate('/', { replace: true });
      } catch (failure) {
        sessionToken.forget();
        setError(callbackErrorMessage(failure));
      }
    })();
  }, [status, token, providerError, login, navigate]);

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), CALLBACK_ERROR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [error, navigate]);

  if (error) {
    return (
      <Centered>
        <Card className="w-full max-w-sm">
          <CardHeader>
            <CardTitle role="heading" aria-level={1}>
              Authentication Error
            </CardTitle>
            <CardDescription>There was a problem signing you in</CardDescription>
          </CardHeader>
          <CardContent>
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          </CardContent>
          <CardFooter>
            <Button className="w-full" onClick={() => navigate('/', { replace: true })}>
              Back to Login
            </Button>
          </CardFooter>
        </Card>
      </Centered>
    );
  }

  return (
    <Centered>
      <p role="status" className="text-muted-foreground flex items-center gap-2">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {status === 'loading' ? 'Loading...' : 'Signing you in...'}
      </p>
    </Centered>
  );
}
