// Sign-in through an OpenID provider (docs/decisions/080-openid-connect-sign-in.md). openid-client does
// the protocol: discovery, PKCE, and checking state, nonce, the ID token's signature, issuer, audience
// and expiry. This file decides which Parley account a provider's identity signs in to.
import { randomBytes } from 'node:crypto';
import { LIMITS, type OidcErrorCode } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { OidcConfig } from '../config-oidc.ts';
import { nowIso } from '../lib/ids.ts';
import type { identitiesRepository } from '../repositories/identities.ts';
import type { oidcFlowsRepository } from '../repositories/oidc-flows.ts';
import type { usersRepository } from '../repositories/users.ts';

/** How long a user may take at the provider between leaving Parley and coming back. */
export const OIDC_FLOW_SECONDS = 600;

/** A sign-in that cannot go on; the code travels to the web app's landing, which shows its message. */
export class OidcSignInError extends Error {
  readonly code: OidcErrorCode;
  constructor(code: OidcErrorCode, detail?: string) {
    super(detail ?? code);
    this.name = 'OidcSignInError';
    this.code = code;
  }
}

interface Deps {
  config: OidcConfig;
  flows: ReturnType<typeof oidcFlowsRepository>;
  identities: ReturnType<typeof identitiesRepository>;
  users: ReturnType<typeof usersRepository>;
  log: FastifyBaseLogger;
}

interface ProviderClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  preferred_username?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function oidcService({ config, flows, identities, users, log }: Deps) {
  let discovered: Promise<client.Configuration> | undefined;

  // Plain HTTP is refused by default; a self-hoster may run the provider on a LAN without TLS.
  const insecure = config.issuerUrl.startsWith('http:');

  /** Discovery once per process; a failure is not cached, so the next sign-in tries again. */
  function provider(): Promise<client.Configuration> {
    discovered ??= client
      // HTTP Basic at the token endpoint: the standard's default, which every common provider accepts.
      .discovery(new URL(config.issuerUrl), config.clientId, undefined, client.ClientSecretBasic(config.clientSecret), {
        timeout: 10,
        execute: insecure ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        log.warn({ err: error, issuer: config.issuerUrl }, 'OpenID provider discovery failed');
        throw new OidcSignInError('provider_unreachable');
      });
    return discovered;
  }

  function checkDomain(email: string | undefined) {
    if (config.allowedDomains.length === 0) return;
    const domain = email?.split('@').pop();
    if (!domain || !config.allowedDomains.includes(domain)) throw new OidcSignInError('domain_not_allowed');
  }

  function displayName(claims: ProviderClaims, email: string): string {
    const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
    const name = text(claims.name) ?? (given || undefined) ?? text(claims.preferred_username) ?? email.split('@')[0];
    return (name ?? email).slice(0, LIMITS.userNameMax);
  }

  /** Which account this identity signs in to: known identity, link by verified email, or a new account. */
  async function accountFor(issuer: string, claims: ProviderClaims): Promise<string> {
    const email = text(claims.email)?.toLowerCase();
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    checkDomain(email);

    const identity = await identities.find(issuer, claims.sub);
    if (identity) {
      await identities.touch(identity.id, email ?? null);
      return identity.user_id;
    }
    if (!email) throw new OidcSignInError('email_missing');

    const existing = await users.findByEmail(email);
    if (existing) {
      // Linking on an unverified address would hand the account to whoever typed that address at the provider.
      if (!verified) throw new OidcSignInError('email_unverified');
      const linked = await identities.listForUser(existing.id);
      if (linked.some((other) => other.issuer === issuer)) throw new OidcSignInError('email_in_use');
      await identities.create({ userId: existing.id, issuer, subject: claims.sub, email });
      return existing.id;
    }

    if (!config.allowSignup) throw new OidcSignInError('signup_closed');
    const user = await identities.createAccount({
      name: displayName(claims, email),
      email,
      issuer,
      subject: claims.sub,
    });
    return user.id;
  }

  return {
    /** Starts a sign-in: the flow id goes into the browser's cookie, the browser goes to the returned URL. */
    async start(): Promise<{ flowId: string; authorizationUrl: string }> {
      const configuration = await provider();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const flowId = randomBytes(24).toString('base64url');
      await flows.create({
        id: flowId,
        state,
        nonce,
        code_verifier: codeVerifier,
        expires_at: new Date(Date.now() + OIDC_FLOW_SECONDS * 1000).toISOString(),
        created_at: nowIso(),
      });
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: config.redirectUri,
        scope: config.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { flowId, authorizationUrl: url.href };
    },

    /** Finishes a sign-in from the provider's redirect; returns the id of the account it signs in to. */
    async finish(flowId: string | undefined, query: URLSearchParams): Promise<string> {
      const flow = flowId ? await flows.consume(flowId) : undefined;
      if (!flow || flow.expires_at < nowIso()) throw new OidcSignInError('flow_expired');
      if (query.get('state') !== flow.state) throw new OidcSignInError('state_mismatch');
      const providerError = query.get('error');
      if (providerError) {
        throw new OidcSignInError(
          providerError === 'access_denied' ? 'access_denied' : 'provider_error',
          providerError,
        );
      }

      const configuration = await provider();
      const callbackUrl = new URL(config.redirectUri);
      callbackUrl.search = query.toString();
      let claims: ProviderClaims;
      try {
        const response = await client.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idClaims = response.claims() as ProviderClaims;
        claims = idClaims;
        // Many providers put email and name only in userinfo, not in the ID token.
        if (claims.email === undefined && configuration.serverMetadata().userinfo_endpoint) {
          const userinfo = await client.fetchUserInfo(configuration, response.access_token, idClaims.sub);
          claims = { ...userinfo, ...idClaims, email: userinfo.email, email_verified: userinfo.email_verified };
        }
      } catch (error) {
        if (error instanceof OidcSignInError) throw error;
        if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied') {
          throw new OidcSignInError('access_denied');
        }
        const unreachable = error instanceof TypeError || (error as { cause?: unknown })?.cause instanceof TypeError;
        log.warn({ err: error }, 'OpenID sign-in failed at the token or userinfo step');
        throw new OidcSignInError(unreachable ? 'provider_unreachable' : 'provider_error');
      }
      const issuer = configuration.serverMetadata().issuer;
      return accountFor(issuer, claims);
    },
  };
}

export type OidcService = ReturnType<typeof oidcService>;
