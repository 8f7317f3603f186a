// No function in the audio pipeline over 80 lines (issue 41, docs/decisions/240): a long stage is a
// sign that a concern has no owner. Counts declarations, methods, function expressions and arrows.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = 'packages/server/src/audio';
const MAX_LINES = 80;

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) yield path;
  }
}

const tooLong = [];
for (const path of sources(ROOT)) {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const line = (pos) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node)
    ) {
      const lines = line(node.getEnd()) - line(node.getStart()) + 1;
      if (lines > MAX_LINES)
        tooLong.push(`${path}:${line(node.getStart())} ${node.name?.getText() ?? ''} ${lines} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}
if (tooLong.length) {
  console.error(`functions over ${MAX_LINES} lines in ${ROOT}:\n  ${tooLong.join('\n  ')}`);
  process.exit(1);
}
console.log(`function length: none over ${MAX_LINES} lines in ${ROOT}`);
