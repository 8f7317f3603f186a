import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports } from './import-rules.mjs';

let root;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A workspace holding only `files` (path -> source). */
function workspace(files) {
  root = mkdtempSync(join(tmpdir(), 'parley-imports-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const server = (path) => `packages/server/src/${path}`;
const web = (path) => `packages/web/src/${path}`;

describe('the import-direction check', () => {
  it('accepts imports that point down the layers', () => {
    const problems = checkImports(
      workspace({
        [server('http/routes/a.ts')]: "import { a } from '../../services/a.ts';",
        [server('services/a.ts')]: "import type { Row } from '../repositories/a.ts';\nexport const a = 1;",
        [server('repositories/a.ts')]: "import type { Db } from '../db/database.ts';\nexport type Row = Db;",
        [server('db/database.ts')]: 'export type Db = unknown;',
      }),
    );
    expect(problems).toEqual([]);
  });

  it('fails on an upward import, a type-only one included', () => {
    const problems = checkImports(
      workspace({
        [server('services/a.ts')]: 'export type A = 1;',
        [server('repositories/b.ts')]: "import type { A } from '../services/a.ts';",
      }),
    );
    expect(problems).toEqual([
      'packages/server/src/repositories/b.ts: imports ../services/a.ts, upward from repositories (repositories) to services (services)',
    ]);
  });

  it('fails on a circle of files inside one folder, naming the files it passes', () => {
    const problems = checkImports(
      workspace({
        [server('storage/storage.ts')]: "import { local } from './local.ts';",
        [server('storage/local.ts')]: "import type { S } from './storage.ts';\nexport const local = 1;",
        [server('storage/s3.ts')]: "import type { S } from './storage.ts';",
      }),
    );
    expect(problems).toEqual([
      'circle: packages/server/src/storage/local.ts -> packages/server/src/storage/storage.ts -> packages/server/src/storage/local.ts',
    ]);
  });

  it('keeps job handlers out of the queue folder: jobs/ sits below the services a handler calls', () => {
    const problems = checkImports(
      workspace({
        [server('services/recordings.ts')]: "import type { JobQueue } from '../jobs/queue.ts';\nexport const r = 1;",
        [server('jobs/queue.ts')]: 'export type JobQueue = unknown;',
        [server('jobs/handlers/finish.ts')]: "import { r } from '../../services/recordings.ts';",
        [server('job-handlers/finish.ts')]: "import { r } from '../services/recordings.ts';",
      }),
    );
    expect(problems).toEqual([
      'packages/server/src/jobs/handlers/finish.ts: imports ../../services/recordings.ts, upward from job queue (jobs) to services (services)',
      'folders in a circle: packages/server/src/jobs -> packages/server/src/services -> packages/server/src/jobs',
    ]);
  });

  it('fails on two folders that import each other though every file imports down', () => {
    const problems = checkImports(
      workspace({
        [server('cli/user.ts')]: "import { start } from '../main.ts';\nexport const user = start;",
        [server('cli/help.ts')]: 'export const help = 1;',
        [server('main.ts')]: "import { help } from './cli/help.ts';\nexport const start = help;",
      }),
    );
    expect(problems).toEqual([
      'folders in a circle: packages/server/src/cli -> packages/server/src/main.ts -> packages/server/src/cli',
    ]);
  });

  it('fails on a dynamic import between folders of one layer', () => {
    const problems = checkImports(
      workspace({
        [server('ai/a.ts')]: "export const load = () => import('../exports/b.ts');",
        [server('exports/b.ts')]: 'export const b = 1;',
      }),
    );
    expect(problems).toEqual([
      'packages/server/src/ai/a.ts: imports ../exports/b.ts, sideways between ai and exports (engines)',
    ]);
  });

  it('keeps migrations to their own folder and lib/', () => {
    const problems = checkImports(
      workspace({
        [server('db/migrations/004-x.ts')]: "import { w } from '../../lib/w.ts';\nimport { d } from '../database.ts';",
        [server('db/database.ts')]: 'export const d = 1;',
        [server('lib/w.ts')]: 'export const w = 1;',
      }),
    );
    expect(problems).toEqual([
      'packages/server/src/db/migrations/004-x.ts: imports ../database.ts; db/migrations may import only db/migrations, lib',
    ]);
  });

  it('names a file that no layer holds', () => {
    const problems = checkImports(workspace({ [server('gadgets/a.ts')]: 'export const a = 1;' }));
    expect(problems).toEqual([
      'packages/server/src/gadgets/a.ts: in no layer of scripts/lib/import-rules.mjs; place its folder there',
    ]);
  });

  it('keeps web features apart: a feature imports no other, the app composes them', () => {
    const problems = checkImports(
      workspace({
        [web('features/a/index.ts')]: "import { s } from '@/api/s';\nexport { x } from './x';",
        [web('features/a/x.ts')]: 'export const x = 1;',
        [web('features/b/index.ts')]: "import { x } from '@/features/a';\nexport const y = x;",
        [web('app/pages/page.tsx')]: "import { x } from '@/features/a';\nimport { y } from '@/features/b';",
        [web('api/s.ts')]: 'export const s = 1;',
      }),
    );
    expect(problems).toEqual([
      'packages/web/src/features/b/index.ts: imports @/features/a, sideways between features/b and features/a (features)',
    ]);
  });

  it('keeps the packages apart: the contract imports neither the server nor the web app', () => {
    const problems = checkImports(workspace({ 'packages/contract/src/index.ts': "import '@parley/server';" }));
    expect(problems).toEqual([
      'packages/contract/src/index.ts: imports @parley/server, which @parley/contract may not import',
    ]);
  });
});
