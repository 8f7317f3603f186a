import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { repoRoot } from './server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = join(repoRoot, 'e2e/artifacts');

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

/** Debian's Chromium, headless, with the flags this offline machine needs; a fake microphone when asked. */
export async function launchBrowser(
  options: { fakeAudioFile?: string; tabCaptureTitle?: string } = {},
): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium not found at ${CHROMIUM}: apt-get install chromium (scripts/ensure-system-packages.sh does)`,
    );
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ];
  if (options.fakeAudioFile) {
    args.push('--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${options.fakeAudioFile}`);
    // The fake picker would also hand getDisplayMedia a fake screen and the fake audio; without it a
    // tab picked by title is captured for real, and the microphone is granted to the context instead
    // (newPage's `microphone`).
    if (options.tabCaptureTitle === undefined) args.push('--use-fake-ui-for-media-stream');
  }
  if (options.tabCaptureTitle !== undefined)
    args.push(
      `--auto-select-tab-capture-source-by-title=${options.tabCaptureTitle}`,
      '--autoplay-policy=no-user-gesture-required',
    );
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args,
    // A muted browser captures silence from a tab.
    ...(options.tabCaptureTitle !== undefined ? { ignoreDefaultArgs: ['--mute-audio'] } : {}),
  });
}

/**
 * What went wrong in the browser during the current test: uncaught page errors, same-origin requests
 * that failed, and same-origin replies of 500 or more. The e2e set-up (e2e/support/setup.ts) fails
 * every test that leaves one here that it did not expect with `allowBrowserProblems`.
 */
const problems: string[] = [];
const allowed: RegExp[] = [];

/** Accept browser problems matching `pattern` for the rest of the current test (an expected failure). */
export function allowBrowserProblems(...patterns: RegExp[]) {
  allowed.push(...patterns);
}

/** The problems seen in this test that it did not allow. */
export function unexpectedBrowserProblems(): string[] {
  return problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
}

/** Starts the next test afresh. */
export function resetBrowserProblems() {
  problems.length = 0;
  allowed.length = 0;
}

function watchForProblems(context: BrowserContext, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const sameOrigin = (url: string) => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  };
  context.on('weberror', (error) => problems.push(`page error: ${error.error().message}`));
  context.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'failed';
    // An aborted request is the browser's own doing (a navigation, a media element changing its
    // range request, a closed page), not a failure of the app or the server.
    if (sameOrigin(request.url()) && !failure.includes('ERR_ABORTED'))
      problems.push(`request failed: ${request.method()} ${request.url()} (${failure})`);
  });
  context.on('response', (response) => {
    if (sameOrigin(response.url()) && response.status() >= 500)
      problems.push(`server error: ${response.request().method()} ${response.url()} answered ${response.status()}`);
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US', timezoneId: 'UTC' });
  context.setDefaultTimeout(15_000);
  watchForProblems(context, baseURL);
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot as a test artifact (e2e/artifacts/NAME.png). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
