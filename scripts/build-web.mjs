// `npm start` builds the web app only when its sources changed since the last build (see
// lib/web-build-freshness.mjs), so a restart is quick. Vite's chunk listing is left out.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_STAMP, webBuildReason } from './lib/web-build-freshness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reason = webBuildReason(root);
if (reason === null) {
  console.log('parley: the web app is up to date');
} else {
  const started = Date.now();
  console.log(`parley: building the web app (${reason})...`);
  try {
    execFileSync('npm', ['run', '--silent', 'build', '-w', '@parley/web', '--', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  } catch {
    console.error('parley: the web app build failed (see above)');
    process.exit(1);
  }
  writeFileSync(join(root, 'packages/web/dist', BUILD_STAMP), String(started));
  console.log(`parley: web app built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
