import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_STAMP, webBuildReason } from './lib/web-build-freshness.mjs';

let root;
afterEach(() => rmSync(root, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 0, 1) / 1000; // seconds, for utimes
function fakeRepo() {
  root = mkdtempSync(join(tmpdir(), 'parley-build-'));
  for (const dir of ['packages/web/src/features', 'packages/contract/src', 'packages/web/dist']) {
    mkdirSync(join(root, dir), { recursive: true });
  }
  for (const file of ['packages/web/src/features/a.tsx', 'packages/contract/src/index.ts', 'package-lock.json']) {
    writeFileSync(join(root, file), 'x');
  }
  return root;
}
/** Sets every input's times to T0 and records a build that started `afterSeconds` later. */
function builtAt(afterSeconds) {
  for (const path of [
    'packages/web/src/features/a.tsx',
    'packages/web/src/features',
    'packages/web/src',
    'packages/contract/src/index.ts',
    'packages/contract/src',
    'package-lock.json',
  ]) {
    utimesSync(join(root, path), T0, T0);
  }
  writeFileSync(join(root, 'packages/web/dist/index.html'), '<!doctype html>');
  writeFileSync(join(root, 'packages/web/dist', BUILD_STAMP), String((T0 + afterSeconds) * 1000));
}
const touch = (path, secondsAfterT0) => utimesSync(join(root, path), T0 + secondsAfterT0, T0 + secondsAfterT0);

describe('whether npm start rebuilds the web app', () => {
  it('builds when there is no previous build', () => {
    fakeRepo();
    expect(webBuildReason(root)).toBe('no previous build');
    builtAt(10);
    rmSync(join(root, 'packages/web/dist', BUILD_STAMP));
    expect(webBuildReason(root)).toBe('no previous build');
  });

  it('skips when nothing changed after the build started', () => {
    fakeRepo();
    builtAt(10);
    expect(webBuildReason(root)).toBeNull();
  });

  it('rebuilds when a web source, the contract or the lock file changed', () => {
    for (const path of ['packages/web/src/features/a.tsx', 'packages/contract/src/index.ts', 'package-lock.json']) {
      fakeRepo();
      builtAt(10);
      touch(path, 20);
      expect(webBuildReason(root), path).toBe('sources changed since the last build');
      rmSync(root, { recursive: true, force: true });
    }
    root = mkdtempSync(join(tmpdir(), 'parley-build-'));
  });

  it('rebuilds when a source file is deleted (its folder changes)', () => {
    fakeRepo();
    builtAt(10);
    touch('packages/web/src/features', 20);
    expect(webBuildReason(root)).toBe('sources changed since the last build');
  });

  it('rebuilds when a file changed while the last build was running', () => {
    fakeRepo();
    builtAt(10);
    touch('packages/web/src/features/a.tsx', 11);
    expect(webBuildReason(root)).not.toBeNull();
  });
});
