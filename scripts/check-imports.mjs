// Fails when an import points up the layers, crosses between folders of one layer, or closes a circle
// (scripts/lib/import-rules.mjs holds the layers; docs/decisions/111-import-direction.md says why).
// scripts/test.sh runs it with the lint.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkImports } from './lib/import-rules.mjs';

const problems = checkImports(join(dirname(fileURLToPath(import.meta.url)), '..'));
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`\n${problems.length} import(s) break the layers (scripts/lib/import-rules.mjs)`);
  process.exit(1);
}
console.log('imports: every one points down the layers, no circle');
