import { routes } from '@parley/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';
import { sendRecording } from './audio.ts';

/** Share links are read by whoever has them: keep them out of search engines (the page sets it too). */
const NOINDEX = 'noindex, nofollow';

const origin = (request: Pick<FastifyRequest, 'protocol' | 'host'>) => `${request.protocol}://${request.host}`;

/** The owner's side of share links (docs/decisions/172): create, list, revoke. Behind sign-in. */
export function shareRoutes(router: Router, ctx: AppContext) {
  const { shares } = ctx.services;
  router.handle(routes.createShare, async (request) =>
    ok(await shares.create(request.holderId, request.params.meetingId, request.body, origin(request))),
  );
  router.handle(routes.listShares, async (request) =>
    ok({ shares: await shares.list(request.holderId, request.params.meetingId, origin(request)) }),
  );
  router.handle(routes.revokeShare, async (request) => {
    await shares.revoke(request.holderId, request.params.meetingId, request.params.id);
  });
}

/** What a link opens, without sign-in: the meeting as JSON, and its recording when the link includes it. */
export function sharedRoutes(router: Router, ctx: AppContext) {
  const { shares } = ctx.services;
  router.handle(routes.sharedMeeting, async (request, reply) => {
    reply.header('x-robots-tag', NOINDEX);
    reply.header('cache-control', 'no-store');
    return ok(await shares.read(request.params.token));
  });
  router.handle(routes.sharedAudio, async (request, reply) => {
    reply.header('x-robots-tag', NOINDEX);
    const meeting = await shares.audioMeeting(request.params.token);
    // Not kept by the browser: a revoked link stops playing at once.
    return sendRecording(ctx, meeting, request as FastifyRequest, reply, { download: false, cacheControl: 'no-store' });
  });
}
