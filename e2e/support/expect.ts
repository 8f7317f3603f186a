import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

// playwright-core has no assertion library (that lives in @playwright/test, which brings its own
// runner); these wait the way Playwright's web-first assertions do, then assert with Vitest.

/** Waits until the locator is visible (fails after the page's default timeout). */
export async function visible(locator: Locator, timeout?: number) {
  await locator.first().waitFor({ state: 'visible', timeout });
}

export async function hidden(locator: Locator, timeout?: number) {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Polls until `read()` satisfies `check`, like expect.poll; the last failure is reported. */
export async function eventually<T>(read: () => Promise<T> | T, check: (value: T) => void, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export { expect };
