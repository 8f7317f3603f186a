// Makes `npm start` and `npm test` work on a fresh clone with only the system Node (20) and npm:
// installs the workspace (which brings the pinned Node 24 as node_modules/.bin/node) when it is
// missing or older than package-lock.json. Plain JS with no dependencies: it runs before the install.
import { spawn } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(root, 'node_modules', '.parley-installed');
const lock = join(root, 'package-lock.json');
const bundledNode = join(root, 'node_modules', '.bin', 'node');

const upToDate = existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
if (!upToDate) {
  const command = existsSync(lock) ? 'ci' : 'install';
  const firstTime = !existsSync(marker);
  console.log(
    firstTime
      ? `parley: installing dependencies (npm ${command}); the first time this takes a few minutes...`
      : `parley: package-lock.json changed: updating dependencies (npm ${command})...`,
  );
  try {
    await runNpm([command, '--no-audit', '--no-fund']);
  } catch (error) {
    console.error(`parley: ${error.message}`);
    process.exit(1);
  }
  writeFileSync(marker, new Date().toISOString());
  console.log('parley: dependencies installed');
}
// An install made before a model file was added (or before the decoder was prepared from it) has
// none; fetch-models.mjs is idempotent and returns at once when every file is there.
await import('./fetch-models.mjs');

/**
 * Runs npm for the install. Once the workspace has its Node 24, npm runs on it (npm_execpath is npm's
 * own script when this runs as an npm lifecycle script), so no engine is "unsupported". The very first
 * install necessarily runs on the system Node: npm then warns EBADENGINE for every package that wants
 * Node 22+ although Parley never runs them on Node 20; those lines are left out and said once instead.
 */
function runNpm(args) {
  const npmScript = process.env.npm_execpath;
  const onBundledNode = existsSync(bundledNode) && npmScript?.endsWith('.js');
  const [file, argv] = onBundledNode ? [bundledNode, [npmScript, ...args]] : ['npm', args];
  const child = spawn(file, argv, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'pipe'],
    // onnxruntime-node's install step would download CUDA libraries from outside the npm registry.
    env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' },
  });
  let engineNotices = 0;
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (/^npm warn EBADENGINE/.test(line)) engineNotices++;
    else process.stderr.write(`${line}\n`);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (engineNotices > 0) {
        console.log(
          `parley: npm ran on Node ${process.versions.node}; Parley itself runs on the Node 24 it installed.`,
        );
      }
      if (code === 0) resolve();
      else reject(new Error(`npm ${args[0]} failed with exit code ${code}`));
    });
  });
}
