// Web figures: initial JavaScript of the production build (gzipped, what the first screen loads) and
// time to interactive of the sign-in screen in headless Chromium against the real server.
// Run after `npm run build -w @parley/web`: node bench/web.bench.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, newPage } from '../e2e/support/browser.ts';
import { repoRoot, startServer } from '../e2e/support/server.ts';

const dist = join(repoRoot, 'packages/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map(
  (m) => m[1]!,
);
let raw = 0;
let gzipped = 0;
for (const file of initial) {
  const bytes = readFileSync(join(dist, file));
  raw += bytes.length;
  gzipped += gzipSync(bytes, { level: 9 }).length;
}
const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) =>
  readFileSync(join(dist, m[1]!)),
);
console.log(
  `initial JS (${initial.length} files): ${(raw / 1024).toFixed(1)} KB raw, ${(gzipped / 1024).toFixed(1)} KB gzipped (target <= 250 KB)`,
);
console.log(`initial CSS: ${(css.reduce((n, b) => n + gzipSync(b).length, 0) / 1024).toFixed(1)} KB gzipped`);

const server = await startServer({ RUN_WORKER: 'false' });
const browser = await launchBrowser();
try {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const { page, context } = await newPage(browser, server.url);
    const started = Date.now();
    await page.goto('/', { waitUntil: 'commit' });
    // Interactive: the sign-in form is rendered and its submit button is enabled.
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' });
    await page.waitForFunction(
      () => !document.querySelector('form[aria-label="Sign in"] button[type="submit"]')?.hasAttribute('disabled'),
    );
    runs.push(Date.now() - started);
    await context.close();
  }
  runs.sort((a, b) => a - b);
  console.log(
    `sign-in screen time to interactive (headless Chromium, ${runs.length} cold loads): median ${runs[2]} ms, best ${runs[0]} ms, worst ${runs[4]} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
}
