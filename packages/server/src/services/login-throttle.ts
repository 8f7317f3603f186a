// Counts failed sign-ins per account and per client address in a sliding window; past the limit the
// caller is told to wait (429 with Retry-After). In memory: one API process per deployment in the
// embedded mode; a shared store can replace it when the API is scaled out.
interface Bucket {
  failures: number[];
}

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 };

export class LoginThrottle {
  readonly #buckets = new Map<string, Bucket>();
  readonly #limits: ThrottleLimits;
  readonly #now: () => number;

  constructor(limits: ThrottleLimits = DEFAULT_THROTTLE, now: () => number = Date.now) {
    this.#limits = limits;
    this.#now = now;
  }

  /** Seconds to wait before another attempt is allowed, or 0. */
  retryAfter(email: string, address: string): number {
    return Math.max(
      this.#wait(`a:${email}`, this.#limits.perAccount),
      this.#wait(`i:${address}`, this.#limits.perAddress),
    );
  }

  recordFailure(email: string, address: string): void {
    for (const key of [`a:${email}`, `i:${address}`]) {
      const bucket = this.#buckets.get(key) ?? { failures: [] };
      bucket.failures.push(this.#now());
      this.#buckets.set(key, bucket);
    }
    if (this.#buckets.size > 10_000) this.#prune();
  }

  recordSuccess(email: string): void {
    this.#buckets.delete(`a:${email}`);
  }

  #wait(key: string, limit: number): number {
    const bucket = this.#buckets.get(key);
    if (!bucket) return 0;
    const cutoff = this.#now() - this.#limits.windowMs;
    bucket.failures = bucket.failures.filter((t) => t > cutoff);
    if (bucket.failures.length < limit) return 0;
    const oldestCounted = bucket.failures[bucket.failures.length - limit]!;
    return Math.ceil((oldestCounted + this.#limits.windowMs - this.#now()) / 1000);
  }

  #prune(): void {
    const cutoff = this.#now() - this.#limits.windowMs;
    for (const [key, bucket] of this.#buckets) {
      if (bucket.failures.every((t) => t <= cutoff)) this.#buckets.delete(key);
    }
  }
}
