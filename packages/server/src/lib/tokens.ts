import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenPurpose = 'session' | 'audio';

export class TokenSigner {
  readonly #key: Uint8Array;
  readonly #sessionHours: number;

  constructor(secret: string, sessionHours: number) {
    this.#key = new TextEncoder().encode(secret);
    this.#sessionHours = sessionHours;
  }

  sessionToken(userId: string): Promise<string> {
    return this.#sign({ sub: userId, purpose: 'session' }, `${this.#sessionHours}h`);
  }

  /** A short-lived token bound to one resource, for URLs that can't carry a bearer header (<audio src>). */
  resourceToken(userId: string, resource: string, seconds: number): Promise<string> {
    return this.#sign({ sub: userId, purpose: 'audio', res: resource }, `${seconds}s`);
  }

  async verify(token: string, purpose: TokenPurpose): Promise<{ userId: string; resource?: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      if (payload.purpose !== purpose || typeof payload.sub !== 'string') return null;
      return { userId: payload.sub, resource: typeof payload.res === 'string' ? payload.res : undefined };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  #sign(claims: Record<string, string>, expiresIn: string): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(this.#key);
  }
}
