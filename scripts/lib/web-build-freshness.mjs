// Decides whether `npm start` must rebuild the web app: only when something the build reads changed
// after the last successful build began. Plain JS with no dependencies (it runs before the server).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the web build reads, relative to the repository root: its sources, the contract, configs, the lock. */
export const WEB_BUILD_INPUTS = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/tsconfig.json',
  'packages/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** Written into dist after a successful build: the time (ms) the build started. */
export const BUILD_STAMP = '.parley-build-started';

/** The newest modification time under the given paths; directories count too, so a deleted file shows. */
export function newestModification(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  for (const path of paths) visit(path);
  return newest;
}

/** Why the web app must be built, or null when dist is up to date. */
export function webBuildReason(root, distDir = join(root, 'packages/web/dist')) {
  const stamp = join(distDir, BUILD_STAMP);
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(stamp)) return 'no previous build';
  const builtFrom = Number(readFileSync(stamp, 'utf8'));
  if (!Number.isFinite(builtFrom)) return 'no previous build';
  const newest = newestModification(WEB_BUILD_INPUTS.map((p) => join(root, p)));
  return newest > builtFrom ? 'sources changed since the last build' : null;
}
