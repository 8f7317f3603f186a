import { CreateProjectRequest, Id, ProjectListResponse, ProjectResponse, UpdateProjectRequest } from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, type ZodApp } from '../types.ts';

const Params = z.object({ id: Id });

export function projectRoutes(app: ZodApp, ctx: AppContext) {
  const { projects } = ctx.services;
  const tags = ['projects'];

  app.get('/api/projects', { schema: { tags, response: { 200: ProjectListResponse } } }, async (request) =>
    ok({ projects: await projects.list(request.userId) }),
  );

  app.post(
    '/api/projects',
    { schema: { tags, body: CreateProjectRequest, response: { 201: ProjectResponse } } },
    async (request, reply) => reply.status(201).send(ok(await projects.create(request.userId, request.body))),
  );

  app.get(
    '/api/projects/:id',
    { schema: { tags, params: Params, response: { 200: ProjectResponse } } },
    async (request) => ok(await projects.get(request.userId, request.params.id)),
  );

  app.put(
    '/api/projects/:id',
    { schema: { tags, params: Params, body: UpdateProjectRequest, response: { 200: ProjectResponse } } },
    async (request) => ok(await projects.update(request.userId, request.params.id, request.body)),
  );

  app.delete('/api/projects/:id', { schema: { tags, params: Params } }, async (request, reply) => {
    await projects.delete(request.userId, request.params.id);
    return reply.status(204).send();
  });
}
