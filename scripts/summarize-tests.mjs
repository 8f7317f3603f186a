// Adds up the JSON reports of every Vitest run in scripts/test.sh into one closing line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  console.log(
    `${file.replace(/\.json$/, '').padEnd(22)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`,
  );
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // The JSON report says nothing of errors outside tests (an unhandled 'error' event, a failing hook):
  // scripts/test.sh records Vitest's exit status beside it.
  const exitFile = join(dir, file.replace(/\.json$/, '.exit'));
  const exitStatus = existsSync(exitFile) ? Number(readFileSync(exitFile, 'utf8')) : 0;
  if (exitStatus !== 0 && report.numFailedTests === 0) {
    console.error(
      `${file.replace(/\.json$/, '')}: Vitest exited ${exitStatus} although every test passed; the cause is in its "Unhandled Errors" section above.`,
    );
    failed += 1;
  }
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
if (skipped > 0) {
  console.error(`${skipped} test(s) were skipped: the suite must not skip tests.`);
  failed += skipped;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
