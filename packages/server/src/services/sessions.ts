import { createHash, randomBytes } from 'node:crypto';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { TokenClaims, TokenPurpose, TokenSigner } from '../lib/tokens.ts';
import type { revokedSessionsRepository } from '../repositories/revoked-sessions.ts';
import type { signInCodesRepository } from '../repositories/sign-in-codes.ts';
import type { UserRow, usersRepository } from '../repositories/users.ts';

// A signature proves who issued a token, not that its user still accepts it. Every authenticated
// request therefore reads the user: a deleted account, or a token from before a password change,
// answers 401 (docs/decisions/041-sessions-end-with-the-account-or-password.md); so does a session
// signed out with POST /auth/logout (105).

const SESSION_ENDED = 'Your session is no longer valid. Please sign in again.';
/** A disabled account (decision 221) signs in nowhere; its sessions and tokens stop at once (401). */
export const ACCOUNT_DISABLED = 'This account has been disabled by an administrator of this Parley';
const usable = (row: UserRow | undefined): row is UserRow => row !== undefined && !row.disabled;
const INVALID_TOKEN = 'Invalid or expired authentication token';

/** How long the web app's landing has to exchange a sign-in code (it does so as it loads). */
export const SIGN_IN_CODE_SECONDS = 120;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const secret = () => randomBytes(32).toString('base64url');

interface Deps {
  users: ReturnType<typeof usersRepository>;
  revokedSessions: ReturnType<typeof revokedSessionsRepository>;
  signInCodes: ReturnType<typeof signInCodesRepository>;
  tokens: TokenSigner;
}

export function sessionsService({ users, revokedSessions, signInCodes, tokens }: Deps) {
  async function issueForUser(userId: string) {
    const row = await users.findById(userId);
    if (!row) throw unauthorized(SESSION_ENDED);
    if (row.disabled) throw forbidden(ACCOUNT_DISABLED);
    return tokens.sessionToken(row.id, row.session_version);
  }

  return {
    issue: (row: Pick<UserRow, 'id' | 'session_version'>) => tokens.sessionToken(row.id, row.session_version),

    /** A session for an account found by id. */
    issueForUser,

    /** A token for one resource, bound to the session or personal access token that asked (decision 211). */
    resourceToken: async (
      userId: string,
      resource: string,
      seconds: number,
      boundTo: { sessionId?: string; apiTokenId?: string },
    ) => {
      const row = await users.findById(userId);
      if (!usable(row)) throw unauthorized(SESSION_ENDED);
      const bond = boundTo.sessionId
        ? { sessionId: boundTo.sessionId }
        : boundTo.apiTokenId
          ? { apiTokenId: boundTo.apiTokenId }
          : undefined;
      if (!bond) throw unauthorized(SESSION_ENDED);
      return tokens.resourceToken(userId, row.session_version, resource, seconds, bond);
    },

    /** The token's claims when it is valid for a user who still exists and accepts it; else a 401. */
    async authenticate(token: string, purpose: TokenPurpose): Promise<TokenClaims> {
      const claims = await tokens.verify(token, purpose);
      if (!claims) throw unauthorized(INVALID_TOKEN);
      const row = await users.findById(claims.userId);
      if (!usable(row)) throw unauthorized(SESSION_ENDED);
      const current = claims.sessionVersion === row.session_version;
      // An audio token lives as long as its session: kept through a password change with it, revoked with it.
      const kept = !!claims.sessionId && claims.sessionId === row.kept_session_id;
      if (!current && !kept) throw unauthorized(SESSION_ENDED);
      if (purpose === 'audio' && !claims.sessionId && !claims.apiTokenId) throw unauthorized(SESSION_ENDED);
      if (claims.sessionId && (await revokedSessions.isRevoked(claims.sessionId))) throw unauthorized(SESSION_ENDED);
      return claims;
    },

    /** Signs this one session out: its token answers 401 from now on; the user's other sessions go on. */
    async revoke(claims: Pick<TokenClaims, 'userId' | 'sessionId' | 'expiresAt'>) {
      // Every session token has an id since decision 041; one issued before it has expired long since.
      if (!claims.sessionId) return;
      const expiresAt = new Date((claims.expiresAt ?? Date.now() / 1000 + 366 * 86400) * 1000).toISOString();
      await revokedSessions.revoke({ sessionId: claims.sessionId, userId: claims.userId, expiresAt });
    },

    /**
     * A sign-in finished on the server (an identity provider's callback) reaches the web app's landing
     * as a one-time code, never as the session token: the code is worth a token only together with
     * `browserSecret`, which goes to the browser that ran the flow as an HttpOnly cookie. A link with
     * someone else's code or token signs nobody in (login CSRF; docs/decisions/106).
     */
    async landingCode(userId: string): Promise<{ code: string; browserSecret: string }> {
      const code = secret();
      const browserSecret = secret();
      await signInCodes.create({
        code_hash: sha256(code),
        browser_hash: sha256(browserSecret),
        user_id: userId,
        expires_at: new Date(Date.now() + SIGN_IN_CODE_SECONDS * 1000).toISOString(),
      });
      return { code, browserSecret };
    },

    /** The session token for a landing's code, when this browser holds the code's secret; else a 401. */
    async exchangeLandingCode(code: string, browserSecret: string | undefined): Promise<string> {
      const row = await signInCodes.consume(sha256(code));
      const valid =
        row !== undefined &&
        browserSecret !== undefined &&
        row.browser_hash === sha256(browserSecret) &&
        row.expires_at > new Date().toISOString();
      if (!valid) throw unauthorized(INVALID_TOKEN);
      return issueForUser(row.user_id);
    },
  };
}

export type SessionsService = ReturnType<typeof sessionsService>;
