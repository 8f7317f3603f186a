import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../helpers/database.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const dist = tempDataDir('parley-dist-');

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Parley</title><div id="root"></div>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("parley")');
  server = await startTestServer({ WEB_DIST_DIR: dist });
});
afterAll(() => server.close());

describe('serving the web app', () => {
  it('serves the build at / and its assets', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });

  it('answers every unknown non-API path with the app, so client routes survive a reload', async () => {
    for (const path of ['/projects/abc', '/people/123', '/signin/callback?token=x', '/anything/else']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves index.html no-cache wherever it answers, so a deploy reaches users at once; hashed assets stay immutable', async () => {
    for (const path of ['/', '/index.html', '/projects/abc', '/signin/callback?token=x']) {
      const res = await fetch(`${server.url}${path}`);
      expect(await res.text(), path).toContain('<div id="root">');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps JSON 404s for unknown API paths', async () => {
    for (const path of ['/api/unknown', '/auth/unknown']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false });
    }
  });
});
