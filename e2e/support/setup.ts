import { afterEach } from 'vitest';
import { resetBrowserProblems, unexpectedBrowserProblems } from './browser.ts';

// Every e2e test fails on a browser problem it did not expect (decision 046): an uncaught page
// error, a failed same-origin request or a 5xx reply. A test that provokes one on purpose lists it
// with allowBrowserProblems().
afterEach(() => {
  const problems = unexpectedBrowserProblems();
  resetBrowserProblems();
  if (problems.length > 0) throw new Error(`Unexpected browser problems:\n${problems.join('\n')}`);
});
