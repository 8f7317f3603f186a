import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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
      maxAge: '1h',
      allowedPath: (_path, _root, request) => !isApiPath(request.url.split('?')[0] ?? '/'),
    });
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build -w @parley/web`');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = isApiPath(path);
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ success: false, message: `Route ${request.method} ${path} not found` });
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The Parley web app has not been built yet. Run: npm run build -w @parley/web');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
