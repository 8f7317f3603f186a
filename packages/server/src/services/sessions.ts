import { unauthorized } from '../lib/errors.ts';
import type { TokenClaims, TokenPurpose, TokenSigner } from '../lib/tokens.ts';
import type { UserRow, usersRepository } from '../repositories/users.ts';

// A signature proves who issued a token, not that its user still accepts it. Every authenticated
// request therefore reads the user: a deleted account, or a token from before a password change,
// answers 401 (docs/decisions/041-sessions-end-with-the-account-or-password.md).

const SESSION_ENDED = 'Your session is no longer valid. Please sign in again.';

interface Deps {
  users: ReturnType<typeof usersRepository>;
  tokens: TokenSigner;
}

export function sessionsService({ users, tokens }: Deps) {
  return {
    issue: (row: Pick<UserRow, 'id' | 'session_version'>) => tokens.sessionToken(row.id, row.session_version),

    /** A session for an account found by id (an identity provider's sign-in). */
    async issueForUser(userId: string) {
      const row = await users.findById(userId);
      if (!row) throw unauthorized(SESSION_ENDED);
      return tokens.sessionToken(row.id, row.session_version);
    },

    resourceToken: async (userId: string, resource: string, seconds: number) => {
      const row = await users.findById(userId);
      if (!row) throw unauthorized(SESSION_ENDED);
      return tokens.resourceToken(userId, row.session_version, resource, seconds);
    },

    /** The token's claims when it is valid for a user who still exists and accepts it; else a 401. */
    async authenticate(token: string, purpose: TokenPurpose): Promise<TokenClaims> {
      const claims = await tokens.verify(token, purpose);
      if (!claims) throw unauthorized('Invalid or expired authentication token');
      const row = await users.findById(claims.userId);
      if (!row) throw unauthorized(SESSION_ENDED);
      const current = claims.sessionVersion === row.session_version;
      const kept = purpose === 'session' && !!claims.sessionId && claims.sessionId === row.kept_session_id;
      if (!current && !kept) throw unauthorized(SESSION_ENDED);
      return claims;
    },
  };
}

export type SessionsService = ReturnType<typeof sessionsService>;
