import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * index.html names the build's assets, so it is asked again on every load (`no-cache`: a deploy reaches
 * users at once); Vite puts a content hash in every name under assets/, so those never change and are
 * kept for a year. Other files (favicon, manifest) for an hour.
 */
function cacheControl(path: string): string {
  if (path.endsWith('index.html')) return 'no-cache';
  if (/[\\/]assets[\\/]/.test(path)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

const API_PREFIXES = ['/api/', '/api', '/auth/'];
const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));

/**
 * Serves the production web build at `/` and answers every unknown non-API GET with index.html,
 * so client-side routes survive a reload. Unknown API paths keep their JSON 404.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    // wildcard: files are looked up per request, so a rebuild while the server runs is served at once;
    // a path that is no file falls through to the not-found handler below.
    // API paths never reach the files (an unknown one must stay a JSON 404, not a file-system error).
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The plugin would set its own header after ours (and on sendFile too): the headers are all set here.
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', cacheControl(path)),
      allowedPath: (_path, _root, request) => !isApiPath(request.url.split('?')[0] ?? '/'),
    });
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build -w @parley/web`');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = isApiPath(path);
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ success: false, message: `Route ${request.method} ${path} not found` });
    }
    // A share link's page (/s/{token}) is public: search engines must not index it (the page says so too).
    if (path.startsWith('/s/')) reply.header('x-robots-tag', 'noindex, nofollow');
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The Parley web app has not been built yet. Run: npm run build -w @parley/web');
    }
    return reply.sendFile('index.html');
  });
}
