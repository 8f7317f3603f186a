import { errors, jwtVerify, SignJWT } from 'jose';
import { newId } from './ids.ts';

export type TokenPurpose = 'session' | 'audio';

export interface TokenClaims {
  userId: string;
  /** The user's session version when the token was issued (0 for tokens from before versions existed). */
  sessionVersion: number;
  /** A session token's own id (jti); for an audio token, the session it was issued to (sid). */
  sessionId?: string;
  /** For an audio token issued to a personal access token: that token's id (tid). */
  apiTokenId?: string;
  resource?: string;
  /** When the token expires (seconds since the epoch). */
  expiresAt?: number;
}

const stringClaim = (value: unknown) => (typeof value === 'string' ? value : undefined);

export class TokenSigner {
  readonly #key: Uint8Array;
  readonly #sessionHours: number;

  constructor(secret: string, sessionHours: number) {
    this.#key = new TextEncoder().encode(secret);
    this.#sessionHours = sessionHours;
  }

  sessionToken(userId: string, sessionVersion: number): Promise<string> {
    return this.#sign({ sub: userId, purpose: 'session', sv: sessionVersion, jti: newId() }, `${this.#sessionHours}h`);
  }

  /**
   * A short-lived token bound to one resource, for URLs that can't carry a bearer header (<audio src>), and
   * to the sign-in that asked for it: a session (sid) or a personal access token (tid). It stops when that does.
   */
  resourceToken(
    userId: string,
    sessionVersion: number,
    resource: string,
    seconds: number,
    boundTo: { sessionId: string } | { apiTokenId: string },
  ): Promise<string> {
    const bond: Record<string, string> =
      'sessionId' in boundTo ? { sid: boundTo.sessionId } : { tid: boundTo.apiTokenId };
    return this.#sign({ sub: userId, purpose: 'audio', sv: sessionVersion, res: resource, ...bond }, `${seconds}s`);
  }

  /** Checks the signature, expiry and purpose only: whether the user still accepts it is the sessions service's call. */
  async verify(token: string, purpose: TokenPurpose): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      if (payload.purpose !== purpose || typeof payload.sub !== 'string') return null;
      return {
        userId: payload.sub,
        sessionVersion: typeof payload.sv === 'number' ? payload.sv : 0,
        sessionId: stringClaim(purpose === 'audio' ? payload.sid : payload.jti),
        apiTokenId: purpose === 'audio' ? stringClaim(payload.tid) : undefined,
        resource: typeof payload.res === 'string' ? payload.res : undefined,
        expiresAt: typeof payload.exp === 'number' ? payload.exp : undefined,
      };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  #sign(claims: Record<string, string | number>, expiresIn: string): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(this.#key);
  }
}
