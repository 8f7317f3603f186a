import { routeKey, routes } from '@parley/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { HEAVY_REQUESTS, heavyRequestLimit } from '../lib/heavy-requests.ts';
import { collectRoutes, createRouter, routeTableMismatches } from './router.ts';

const table = Object.values(routes);

/** A server with every table route answered by a stub, plus whatever `extra` adds. */
async function serverWith(extra: (app: ReturnType<typeof Fastify>) => void = () => {}) {
  const app = Fastify();
  const registered = collectRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const router = createRouter(
    app,
    async () => {},
    () => undefined,
    heavyRequestLimit(HEAVY_REQUESTS),
  );
  for (const entry of table) router.handle(entry, async (_request, reply) => reply.code(418).send());
  extra(app);
  await app.ready();
  return { app, registered };
}

describe('the route table check', () => {
  it('passes when every table entry is registered and nothing else is', async () => {
    const { app, registered } = await serverWith();
    expect(routeTableMismatches(registered, table)).toEqual([]);
    await app.close();
  });

  it('fails on a route registered on the server only, under /api or /auth, but not on swagger or web pages', async () => {
    const { app, registered } = await serverWith((app) => {
      app.get('/api/projects/:id/extra', async () => ({}));
      app.post('/auth/extra', async () => ({}));
      app.get('/api/docs/json', async () => ({}));
      app.get('/projects/:id', async () => '');
    });
    expect(routeTableMismatches(registered, table)).toEqual([
      'GET /api/projects/:id/extra is registered but not in the route table (packages/contract/src/routes.ts)',
      'POST /auth/extra is registered but not in the route table (packages/contract/src/routes.ts)',
    ]);
    await app.close();
  });

  it('fails on a table entry that has no route', async () => {
    const { app, registered } = await serverWith();
    const withExtra = [...table, { ...routes.getProject, method: 'PATCH' as const }];
    expect(routeTableMismatches(registered, withExtra)).toEqual([
      'PATCH /api/projects/:id is in the route table but not registered',
    ]);
    await app.close();
  });

  it('sends a body route with its success status and a 204 route with no body', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const router = createRouter(
      app,
      async () => {},
      () => undefined,
      heavyRequestLimit(HEAVY_REQUESTS),
    );
    router.handle(routes.createProject, async (request) => ({
      success: true as const,
      data: {
        _id: 'p1',
        role: 'owner' as const,
        name: request.body.name,
        description: '',
        meetingCount: 0,
        audioRetentionDays: null,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      },
    }));
    router.handle(routes.deleteProject, async () => {});
    const created = await app.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Roadmap' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ success: true, data: { name: 'Roadmap' } });
    const deleted = await app.inject({ method: 'DELETE', url: '/api/projects/p1' });
    expect([deleted.statusCode, deleted.body]).toEqual([204, '']);
    expect(routeKey(routes.deleteProject)).toBe('DELETE /api/projects/:id');
    await app.close();
  });
});
