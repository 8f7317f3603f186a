import { useAuthProviders } from '@/api/session/get-providers';

/** For an account made through an identity provider: how it signs in, and what a password would add. */
export function ProviderSignInNote() {
  const { data } = useAuthProviders();
  const provider = data?.providers[0]?.name ?? 'your identity provider';
  return (
    <p className="text-muted-foreground text-sm">
      This account signs in with {provider} and has no password. Set one to also sign in with your email and password.
    </p>
  );
}
