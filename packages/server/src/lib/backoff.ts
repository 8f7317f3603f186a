/**
 * The wait before attempt `attempt + 1` (attempt 1 failed: the base), growing x4 each time and capped at
 * `maxMs`: 5 s, 20 s, 80 s ... for a 5 s base. The job queue's retries and webhook deliveries both use it.
 */
export const backoffMs = (attempt: number, baseSeconds: number, maxMs: number) =>
  Math.min(maxMs, baseSeconds * 1000 * 4 ** Math.max(0, attempt - 1));
