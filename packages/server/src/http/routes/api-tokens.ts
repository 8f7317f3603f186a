import { ApiTokenListResponse, CreateApiTokenRequest, CreateApiTokenResponse, Id } from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, type ZodApp } from '../types.ts';

/** Personal access tokens of the signed-in user (docs/decisions/170). */
export function apiTokenRoutes(app: ZodApp, ctx: AppContext) {
  const { apiTokens } = ctx.services;
  const tags = ['tokens'];

  app.get('/api/users/me/tokens', { schema: { tags, response: { 200: ApiTokenListResponse } } }, async (request) =>
    ok({ tokens: await apiTokens.list(request.userId) }),
  );

  // A token can't mint tokens: a leaked one could otherwise outlive its own revocation.
  app.post(
    '/api/users/me/tokens',
    {
      schema: { tags, body: CreateApiTokenRequest, response: { 201: CreateApiTokenResponse } },
      config: { sessionOnly: true },
    },
    async (request, reply) => reply.status(201).send(ok(await apiTokens.create(request.userId, request.body))),
  );

  app.delete('/api/users/me/tokens/:id', { schema: { tags, params: z.object({ id: Id }) } }, async (request, reply) => {
    await apiTokens.revoke(request.userId, request.params.id);
    return reply.status(204).send();
  });
}
