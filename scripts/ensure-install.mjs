// Makes `npm start` and `npm test` work on a fresh clone with only the system Node (20) and npm:
// installs the workspace (which brings the pinned Node 24 as node_modules/.bin/node) when it is
// missing or older than package-lock.json. Plain JS with no dependencies: it runs before the install.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(root, 'node_modules', '.parley-installed');
const lock = join(root, 'package-lock.json');

const upToDate = existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
if (!upToDate) {
  const command = existsSync(lock) ? 'ci' : 'install';
  console.log(`parley: installing dependencies (npm ${command})...`);
  execFileSync('npm', [command, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  writeFileSync(marker, new Date().toISOString());
}
