// The OpenID Connect part of the configuration (docs/decisions/080-openid-connect-sign-in.md).
// Sign-in through a provider is on when any OIDC_* variable is set; then every required one must be.

import { routes } from '@parley/contract';

export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  displayName: string;
  scopes: string;
  /** The address users reach Parley at, without a trailing slash. */
  publicUrl: string;
  /** PUBLIC_URL + /auth/oidc/callback: what to register at the provider. */
  redirectUri: string;
  allowSignup: boolean;
  /** Lower-case email domains allowed to sign in through the provider; empty means any. */
  allowedDomains: string[];
}

export const DEFAULT_OIDC_SCOPES = 'openid email profile';
export const DEFAULT_OIDC_DISPLAY_NAME = 'Single Sign-On';

const OIDC_VARIABLES = [
  'OIDC_ISSUER_URL',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_DISPLAY_NAME',
  'OIDC_SCOPES',
  'OIDC_ALLOW_SIGNUP',
  'OIDC_ALLOWED_DOMAINS',
] as const;
const REQUIRED = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL'] as const;

type Problems = string[];

function httpUrl(name: string, value: string, problems: Problems): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return value;
  } catch {
    problems.push(`  ${name}: must be an http:// or https:// URL`);
    return '';
  }
}

function parseBool(name: string, value: string | undefined, fallback: boolean, problems: Problems): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  problems.push(`  ${name}: must be true or false`);
  return fallback;
}

/**
 * Returns the provider's settings (or undefined when none is configured) and adds a line naming the
 * variable to `problems` for every missing or malformed value.
 */
export function parseOidcConfig(
  env: NodeJS.ProcessEnv,
  allowRegistration: boolean,
  problems: Problems,
): OidcConfig | undefined {
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  if (!OIDC_VARIABLES.some((name) => value(name) !== undefined)) return undefined;

  const missing = REQUIRED.filter((name) => value(name) === undefined);
  for (const name of missing)
    problems.push(`  ${name}: is required when sign-in with an OpenID provider is configured`);
  if (missing.length > 0) return undefined;

  const before = problems.length;
  const publicUrl = httpUrl('PUBLIC_URL', value('PUBLIC_URL') as string, problems).replace(/\/+$/, '');
  // Kept exactly as given: discovery requires the provider's issuer to match it, trailing slash included.
  const issuerUrl = httpUrl('OIDC_ISSUER_URL', value('OIDC_ISSUER_URL') as string, problems);
  const scopes = (value('OIDC_SCOPES') ?? DEFAULT_OIDC_SCOPES).split(/[\s,]+/).filter(Boolean);
  if (!scopes.includes('openid')) problems.push('  OIDC_SCOPES: must include openid');
  const allowSignup = parseBool('OIDC_ALLOW_SIGNUP', value('OIDC_ALLOW_SIGNUP'), allowRegistration, problems);
  const allowedDomains = (value('OIDC_ALLOWED_DOMAINS') ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  for (const domain of allowedDomains) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) {
      problems.push(`  OIDC_ALLOWED_DOMAINS: "${domain}" is not a domain name`);
    }
  }
  if (problems.length > before) return undefined;

  return {
    issuerUrl,
    clientId: value('OIDC_CLIENT_ID') as string,
    clientSecret: value('OIDC_CLIENT_SECRET') as string,
    displayName: value('OIDC_DISPLAY_NAME') ?? DEFAULT_OIDC_DISPLAY_NAME,
    scopes: scopes.join(' '),
    publicUrl,
    redirectUri: `${publicUrl}${routes.oidcCallback.path}`,
    allowSignup,
    allowedDomains,
  };
}
