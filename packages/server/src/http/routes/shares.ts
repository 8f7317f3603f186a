import { CreateShareRequest, Id, SharedMeetingResponse, ShareListResponse, ShareResponse } from '@parley/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, type ZodApp } from '../types.ts';
import { sendRecording } from './audio.ts';

const MeetingParams = z.object({ meetingId: Id });
const tags = ['shares'];
/** Share links are read by whoever has them: keep them out of search engines (the page sets it too). */
const NOINDEX = 'noindex, nofollow';

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The owner's side of share links (docs/decisions/172): create, list, revoke. Behind sign-in. */
export function shareRoutes(app: ZodApp, ctx: AppContext) {
  const { shares } = ctx.services;

  app.post(
    '/api/meetings/:meetingId/shares',
    { schema: { tags, params: MeetingParams, body: CreateShareRequest, response: { 201: ShareResponse } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await shares.create(request.userId, request.params.meetingId, request.body, origin(request)))),
  );

  app.get(
    '/api/meetings/:meetingId/shares',
    { schema: { tags, params: MeetingParams, response: { 200: ShareListResponse } } },
    async (request) => ok({ shares: await shares.list(request.userId, request.params.meetingId, origin(request)) }),
  );

  app.delete(
    '/api/meetings/:meetingId/shares/:id',
    { schema: { tags, params: MeetingParams.extend({ id: Id }) } },
    async (request, reply) => {
      await shares.revoke(request.userId, request.params.meetingId, request.params.id);
      return reply.status(204).send();
    },
  );
}

/** What a link opens, without sign-in: the meeting as JSON, and its recording when the link includes it. */
export function sharedRoutes(app: ZodApp, ctx: AppContext) {
  const { shares } = ctx.services;
  const Token = z.object({ token: z.string().min(1).max(200) });

  app.get(
    '/api/shared/:token',
    { schema: { tags, params: Token, response: { 200: SharedMeetingResponse }, security: [] } },
    async (request, reply) => {
      reply.header('x-robots-tag', NOINDEX);
      reply.header('cache-control', 'no-store');
      return ok(await shares.read(request.params.token));
    },
  );

  app.get('/api/shared/:token/audio', { schema: { tags, params: Token, security: [] } }, async (request, reply) => {
    reply.header('x-robots-tag', NOINDEX);
    const meeting = await shares.audioMeeting(request.params.token);
    // Not kept by the browser: a revoked link stops playing at once.
    return sendRecording(ctx, meeting, request, reply, { download: false, cacheControl: 'no-store' });
  });
}
