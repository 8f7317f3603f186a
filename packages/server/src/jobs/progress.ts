import type { FastifyBaseLogger } from 'fastify';

/**
 * A job's progress bar, written at most once per `everyMs` and only forwards, held at 99 until the
 * job saves its result. Writes run one after another, and `flush()` waits for the last, so a late
 * progress write can never land after the final one (which showed completed jobs at 99%).
 */
export function progressWriter(write: (percent: number) => Promise<unknown>, log: FastifyBaseLogger, everyMs = 1000) {
  let lastWrite = 0;
  let lastPercent = 0;
  let pending: Promise<unknown> = Promise.resolve();
  return {
    report(fraction: number) {
      const percent = Math.min(99, Math.max(lastPercent, Math.floor(fraction * 100)));
      if (percent === lastPercent || Date.now() - lastWrite < everyMs) return;
      lastPercent = percent;
      lastWrite = Date.now();
      pending = pending.then(() => write(percent)).catch((err) => log.warn({ err }, 'progress not saved'));
    },
    flush: () => pending,
  };
}
