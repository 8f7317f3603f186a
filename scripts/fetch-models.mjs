// Runs at install time (npm postinstall) on whichever Node npm uses.
// Moonshine's ONNX weights ship inside the npm tarball of @usefulsensors/moonshine-js@0.1.16 (MIT).
// Installing that package would pull ~585 MB of browser dependencies we never use, so we fetch the
// tarball from the npm registry with `npm pack` and extract only the model files. Idempotent.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = '@usefulsensors/moonshine-js@0.1.16';
const TARBALL = 'usefulsensors-moonshine-js-0.1.16.tgz';
const MODELS = ['tiny', 'base'];
const FILES = ['encoder_model.onnx', 'decoder_model_merged.onnx'];
const modelsDir = join(root, 'models', 'moonshine');
const cacheDir = join(root, '.cache', 'models');

const wanted = MODELS.flatMap((size) => FILES.map((file) => ({ size, file, dest: join(modelsDir, size, file) })));
const missing = wanted.filter(({ dest }) => !existsSync(dest) || statSync(dest).size === 0);
if (missing.length === 0) process.exit(0);

mkdirSync(cacheDir, { recursive: true });
const tarball = join(cacheDir, TARBALL);
if (!existsSync(tarball)) {
  console.log(`parley: fetching Moonshine weights (${PACKAGE}) from the npm registry...`);
  execFileSync('npm', ['pack', PACKAGE, '--pack-destination', cacheDir, '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const members = missing.map(({ size, file }) => `package/dist/model/${size}/quantized/${file}`);
const staging = join(cacheDir, 'extract');
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
execFileSync('tar', ['-xzf', tarball, '-C', staging, ...members], { stdio: 'inherit' });
for (const { size, file, dest } of missing) {
  mkdirSync(dirname(dest), { recursive: true });
  renameSync(join(staging, 'package/dist/model', size, 'quantized', file), dest);
}
rmSync(staging, { recursive: true, force: true });
console.log(`parley: Moonshine models ready in ${modelsDir}`);
