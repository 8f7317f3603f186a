import { z } from 'zod';

// Sign-in through an OpenID provider ends on the web app's sign-in landing, either with `?token=` or
// with `?error=<code>`; the landing shows the message for the code on its 'Authentication Error' card.
export const OIDC_ERROR_MESSAGES = {
  access_denied: 'Sign-in was cancelled at the identity provider.',
  state_mismatch: 'This sign-in could not be verified (it did not start in this browser). Please try again.',
  flow_expired: 'This sign-in took too long or was already used. Please try again.',
  email_missing: 'Your identity provider did not share an email address, which Parley needs for your account.',
  email_unverified:
    'An account with this email already exists, but your identity provider has not verified the email address, so it was not linked. Verify it at the provider, or sign in with your password.',
  email_in_use: 'An account with this email already exists and signs in with another identity.',
  signup_closed:
    'No Parley account belongs to this identity and sign-up is closed on this server. Ask an administrator for an account.',
  domain_not_allowed: 'Accounts with this email domain may not sign in to this server.',
  provider_unreachable: 'The identity provider could not be reached. Please try again later.',
  provider_error: 'The identity provider could not complete the sign-in. Please try again.',
  not_configured: 'Sign-in with an identity provider is not set up on this server.',
} as const;

export const OidcErrorCode = z.enum(Object.keys(OIDC_ERROR_MESSAGES) as [keyof typeof OIDC_ERROR_MESSAGES]);
export type OidcErrorCode = z.infer<typeof OidcErrorCode>;

export function oidcErrorMessage(code: string): string {
  const parsed = OidcErrorCode.safeParse(code);
  return parsed.success ? OIDC_ERROR_MESSAGES[parsed.data] : OIDC_ERROR_MESSAGES.provider_error;
}
