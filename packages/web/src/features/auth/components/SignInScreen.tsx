import type { User } from '@parley/contract';
import { useState } from 'react';
import { useAuthProviders } from '@/api/session/get-providers';
import { LogoMark, PRODUCT_NAME } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

/** The signed-out screen. `onLoginSuccess` receives the session from either form. */
export function SignInScreen({ onLoginSuccess }: { onLoginSuccess: (token: string, user: User) => void }) {
  const [mode, setMode] = useState<'signin' | 'register'>('signin');
  const { data } = useAuthProviders();
  const providers = data?.providers ?? [];
  const registrationEnabled = data?.registrationEnabled ?? false;
  const registering = mode === 'register' && registrationEnabled;

  return (
    <main className="bg-muted/40 flex min-h-dvh items-center justify-center p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="justify-items-center text-center">
          <LogoMark className="mb-2 size-10" />
          <h1 className="text-2xl font-semibold tracking-tight">Welcome to {PRODUCT_NAME}</h1>
          <CardDescription>
            {registering ? 'Create an account to start recording meetings' : 'Sign in to your account to continue'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {registering ? <RegisterForm onSuccess={onLoginSuccess} /> : <LoginForm onSuccess={onLoginSuccess} />}
          {providers.length > 0 && (
            <>
              <div className="text-muted-foreground flex items-center gap-3 text-xs uppercase">
                <span className="bg-border h-px flex-1" />
                or
                <span className="bg-border h-px flex-1" />
              </div>
              {providers.map((provider) => (
                <Button key={provider.id} variant="outline" className="w-full" asChild>
                  <a href={provider.url}>Sign in with {provider.name}</a>
                </Button>
              ))}
            </>
          )}
        </CardContent>
        {registrationEnabled && (
          <CardFooter className="justify-center text-sm">
            {registering ? (
              <p>
                Already have an account?{' '}
                <Button variant="link" className="h-auto p-0 underline" onClick={() => setMode('signin')}>
                  Sign in
                </Button>
              </p>
            ) : (
              <p>
                New to {PRODUCT_NAME}?{' '}
                <Button variant="link" className="h-auto p-0 underline" onClick={() => setMode('register')}>
                  Create account
                </Button>
              </p>
            )}
          </CardFooter>
        )}
      </Card>
    </main>
  );
}
