// Which way imports may point (docs/decisions/111-import-direction.md). `node scripts/check-imports.mjs`
// reads every source file of the workspace with the TypeScript compiler's import scanner (static, dynamic
// and type-only imports alike) and reports an import that points up these layers, one that crosses
// between folders of the same layer, a file no layer names, and any circle of files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * packages/server/src, top to bottom. A file belongs to the longest unit (folder or root file) that names
 * it; it may import its own unit and any unit of a lower layer, never one above nor a sibling of its own
 * layer. `together` lets the units of one layer import one another (the entry points compose).
 */
export const SERVER_LAYERS = [
  {
    name: 'entry points',
    units: ['main.ts', 'worker.ts', 'worker-runtime.ts', 'app.ts', 'logger.ts', 'cli'],
    together: true,
  },
  // What starts work: a request, a queued job. Both call the services below. The job handlers sit outside
  // jobs/ (the queue, below the services) so that no folder and the folders it imports close a circle.
  { name: 'drivers', units: ['http', 'job-handlers'] },
  // Every service and repository wired once; the drivers reach them through it.
  { name: 'context', units: ['context.ts'] },
  { name: 'services', units: ['services'] },
  { name: 'presenters', units: ['presenters'] },
  // How a query becomes a ranked list, over the repositories' rows.
  { name: 'search', units: ['search'] },
  // The queue and its runners: services enqueue in their transaction; handlers sit above, with the drivers.
  { name: 'job queue', units: ['jobs'] },
  { name: 'repositories', units: ['repositories'] },
  { name: 'database', units: ['db'] },
  // The pool that runs the engines' heavy functions off the event loop.
  { name: 'CPU threads', units: ['cpu'] },
  // Engines: pure work over text, audio and files, knowing nothing of the database or the services.
  { name: 'engines', units: ['ai', 'exports', 'imports', 'voices', 'webhooks', 'storage'] },
  { name: 'signal and names', units: ['audio', 'names'] },
  { name: 'helpers', units: ['lib'] },
  { name: 'configuration', units: ['config.ts', 'config-oidc.ts', 'config-storage.ts'], together: true },
];

/**
 * Folders that may import only themselves and the folders named: migrations run as they were written, so
 * they carry their own SQL; their words and sounds come from lib/ (docs/decisions/113).
 */
export const SERVER_SEALED = { 'db/migrations': ['lib'] };

/**
 * packages/web/src, top to bottom. Each feature folder is a unit that imports no other feature: the pages
 * that put several together live in app/, and what features share lives in the layers below
 * (docs/decisions/115).
 */
export const WEB_LAYERS = [
  { name: 'entry point', units: ['main.tsx', 'vite-env.d.ts'], together: true },
  { name: 'app', units: ['app'] },
  { name: 'features', units: ['features/*'] },
  { name: 'shared pieces', units: ['components', 'hooks'] },
  // Server data more than one feature reads or refreshes: the session, the lists and cache keys of
  // meetings, projects, people and summary templates.
  { name: 'shared data', units: ['api'] },
  { name: 'helpers', units: ['lib'] },
];

/** Workspace packages: which may import which (by their bare name). */
export const PACKAGE_IMPORTS = {
  '@parley/contract': [],
  '@parley/server': ['@parley/contract'],
  '@parley/web': ['@parley/contract'],
};

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /\.test\.(ts|tsx|mjs)$|\/test\//;

const posix = (path) => path.split(sep).join('/');

function listSources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(path));
    else if (SOURCE.test(entry.name)) out.push(path);
  }
  return out;
}

function resolveImport(from, specifier, aliases) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else {
    const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
    if (!alias) return null; // a package: checked by name, not followed
    base = join(aliases[alias], specifier.slice(alias.length));
  }
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The unit a path (relative to the layered folder) belongs to, and its layer's index. */
function placeIn(layers, path) {
  let best = null;
  layers.forEach((layer, index) => {
    for (const unit of layer.units) {
      const parts = path.split('/');
      const name =
        unit.endsWith('/*') && parts[0] === unit.slice(0, -2) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : unit;
      if ((path === name || path.startsWith(`${name}/`)) && (!best || name.length > best.unit.length)) {
        best = { unit: name, index, layer };
      }
    }
  });
  return best;
}

/** One package's source folder: its files, their imports, and what the layer rules say of each. */
function scanPackage({ root, dir, name, layers, sealed = {}, aliases = {} }) {
  const abs = join(root, dir);
  const problems = [];
  const edges = new Map();
  const rel = (file) => posix(relative(root, file));
  for (const file of listSources(abs)) {
    if (TEST.test(rel(file))) continue;
    const inDir = posix(relative(abs, file));
    const from = layers && placeIn(layers, inDir);
    const seal = Object.keys(sealed).find((unit) => inDir.startsWith(`${unit}/`));
    if (layers && !from)
      problems.push(`${rel(file)}: in no layer of scripts/lib/import-rules.mjs; place its folder there`);
    const targets = [];
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const pkg = fileName.match(/^@parley\/[a-z-]+/)?.[0];
      if (pkg && pkg !== name && !(PACKAGE_IMPORTS[name] ?? []).includes(pkg)) {
        problems.push(`${rel(file)}: imports ${pkg}, which ${name} may not import`);
      }
      const target = resolveImport(file, fileName, aliases);
      if (!target) continue;
      targets.push(target);
      if (!target.startsWith(abs + sep)) continue;
      const targetIn = posix(relative(abs, target));
      if (seal && ![seal, ...sealed[seal]].some((unit) => targetIn.startsWith(`${unit}/`))) {
        problems.push(
          `${rel(file)}: imports ${fileName}; ${seal} may import only ${[seal, ...sealed[seal]].join(', ')}`,
        );
      }
      const to = layers && placeIn(layers, targetIn);
      if (!from || !to || from.unit === to.unit) continue;
      if (to.index < from.index) {
        problems.push(
          `${rel(file)}: imports ${fileName}, upward from ${from.layer.name} (${from.unit}) to ${to.layer.name} (${to.unit})`,
        );
      } else if (to.index === from.index && !from.layer.together) {
        problems.push(
          `${rel(file)}: imports ${fileName}, sideways between ${from.unit} and ${to.unit} (${from.layer.name})`,
        );
      }
    }
    edges.set(file, targets);
  }
  return { problems, edges, rel };
}

/** Circles of files (Tarjan's strongly connected components), one shortest circle of each. */
export function findCycles(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) cycles.push(shortestCircle(component, edges));
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** A shortest circle through the component's first file (in path order), as the files it passes. */
function shortestCircle(component, edges) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of edges.get(node) ?? []) {
      if (!members.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      if (next === start) queue.length = 0;
      else queue.push(next);
    }
  }
  const path = [];
  for (let node = cameFrom.get(start); node !== start; node = cameFrom.get(node)) path.unshift(node);
  return [start, ...path];
}

/**
 * Circles between the top folders of a layered package (a root file counts as its own folder): each file's
 * imports may point down, yet two folders may still import each other (one's subfolder above, the rest
 * below), which reads as an arrow back up. None are allowed.
 */
function folderCycles(edges, abs) {
  const folderOf = (file) => posix(relative(abs, file)).split('/')[0];
  const folders = new Map();
  for (const [file, targets] of edges) {
    if (TEST.test(posix(file))) continue;
    const from = folderOf(file);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const target of targets) {
      if (!target.startsWith(abs + sep) || !edges.has(target)) continue;
      const to = folderOf(target);
      if (to !== from) folders.get(from).add(to);
    }
  }
  return findCycles(new Map([...folders].map(([folder, to]) => [folder, [...to]])));
}

/** Every problem in the workspace at `root`, as lines to print; none means the imports keep the rules. */
export function checkImports(root) {
  const packages = [
    { dir: 'packages/contract/src', name: '@parley/contract' },
    { dir: 'packages/server/src', name: '@parley/server', layers: SERVER_LAYERS, sealed: SERVER_SEALED },
    {
      dir: 'packages/web/src',
      name: '@parley/web',
      layers: WEB_LAYERS,
      aliases: { '@/': join(root, 'packages/web/src') + sep },
    },
  ].filter(({ dir }) => existsSync(join(root, dir)));
  const problems = [];
  for (const spec of packages) {
    const { problems: found, edges, rel } = scanPackage({ root, ...spec });
    problems.push(...found);
    for (const cycle of findCycles(edges)) problems.push(`circle: ${[...cycle, cycle[0]].map(rel).join(' -> ')}`);
    if (spec.layers) {
      for (const cycle of folderCycles(edges, join(root, spec.dir)))
        problems.push(`folders in a circle: ${[...cycle, cycle[0]].map((f) => `${spec.dir}/${f}`).join(' -> ')}`);
    }
  }
  return problems;
}
