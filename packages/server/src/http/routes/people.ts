import {
  CreatePersonRequest,
  Id,
  PeopleListQuery,
  PeopleListResponse,
  PersonResponse,
  PersonTranscriptionsQuery,
  PersonTranscriptionsResponse,
  UpdatePersonRequest,
} from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, type ZodApp } from '../types.ts';

const Params = z.object({ id: Id });

export function peopleRoutes(app: ZodApp, ctx: AppContext) {
  const { people } = ctx.services;
  const tags = ['people'];

  app.get(
    '/api/people',
    { schema: { tags, querystring: PeopleListQuery, response: { 200: PeopleListResponse } } },
    async (request) => ok(await people.list(request.userId, request.query)),
  );

  app.post(
    '/api/people',
    { schema: { tags, body: CreatePersonRequest, response: { 201: PersonResponse } } },
    async (request, reply) => reply.status(201).send(ok(await people.create(request.userId, request.body))),
  );

  app.get('/api/people/:id', { schema: { tags, params: Params, response: { 200: PersonResponse } } }, async (request) =>
    ok(await people.get(request.userId, request.params.id)),
  );

  app.put(
    '/api/people/:id',
    { schema: { tags, params: Params, body: UpdatePersonRequest, response: { 200: PersonResponse } } },
    async (request) => ok(await people.update(request.userId, request.params.id, request.body)),
  );

  app.delete('/api/people/:id', { schema: { tags, params: Params } }, async (request, reply) => {
    await people.delete(request.userId, request.params.id);
    return reply.status(204).send();
  });

  app.delete('/api/people/:id/voice', { schema: { tags, params: Params } }, async (request, reply) => {
    await people.forgetVoice(request.userId, request.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/api/people/:id/transcriptions',
    {
      schema: {
        tags,
        params: Params,
        querystring: PersonTranscriptionsQuery,
        response: { 200: PersonTranscriptionsResponse },
      },
    },
    async (request) => ok(await people.transcriptions(request.userId, request.params.id, request.query)),
  );
}
