import { routes } from '@parley/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { attachmentDisposition } from '../../exports/file-name.ts';
import { AppError, notFound, unauthorized } from '../../lib/errors.ts';
import type { MeetingRow } from '../../repositories/meetings.ts';
import { authenticateBearer, bearerToken } from '../plugins/auth.ts';
import type { Router } from '../router.ts';

/** Parses a single `bytes=` range; multi-range requests are answered with the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Streams a meeting's recording with HTTP Range support, so <audio> can seek. Accepts a session or
 * personal access token in the bearer header, or the `token` query parameter from the audio-url route (bound to this meeting).
 */
export function audioRoutes(router: Router, ctx: AppContext) {
  // "Delete recording, keep transcript" (docs/decisions/173); behind sign-in like the other changes.
  router.handle(routes.deleteRecording, async ({ userId, params }) => {
    await ctx.services.meetings.deleteRecording(userId, params.id, params.meetingId);
  });

  router.handle(routes.audio, async (request, reply) => {
    const { id: projectId, meetingId } = request.params;
    const bearer = bearerToken(request);
    const { sessions } = ctx.services;
    if (!bearer && !request.query.token) throw unauthorized('Authentication required');
    let userId: string;
    if (bearer) userId = (await authenticateBearer(bearer, ctx.services)).userId;
    else {
      const claims = await sessions.authenticate(request.query.token!, 'audio');
      if (claims.resource !== `meeting:${meetingId}`) throw notFound('Meeting');
      if (claims.apiTokenId) await ctx.services.apiTokens.checkLive(claims.userId, claims.apiTokenId);
      userId = claims.userId;
    }

    const meeting = await ctx.services.meetings.getInProject(userId, projectId, meetingId);
    return sendRecording(ctx, meeting, request as FastifyRequest, reply, { download: request.query.download === '1' });
  });
}

/**
 * Streams a meeting's recording, or one `bytes=` range of it; 404 when it has none (never uploaded, or
 * deleted). Shared by the owner's audio route and share links (routes/shares.ts).
 */
export async function sendRecording(
  ctx: AppContext,
  meeting: MeetingRow,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { download: boolean; cacheControl?: string },
) {
  const size = meeting.audio_key ? await ctx.storage.size(meeting.audio_key) : null;
  if (!meeting.audio_key || size === null) throw notFound('Recording');

  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    throw new AppError(416, 'Requested range not satisfiable', { headers: { 'content-range': `bytes */${size}` } });
  }
  // The store answers before any header goes out, so its failure is still a clean error reply.
  const body = await ctx.storage.read(meeting.audio_key, range ?? undefined);
  reply.header('accept-ranges', 'bytes');
  reply.header('content-type', meeting.audio_mime ?? 'application/octet-stream');
  reply.header('cache-control', opts.cacheControl ?? 'private, max-age=3600');
  if (opts.download) {
    const extension = meeting.audio_key.split('.').pop() ?? 'audio';
    reply.header('content-disposition', attachmentDisposition(meeting.title || 'Untitled Meeting', extension));
  }
  if (range) {
    reply.status(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  }
  reply.header('content-length', range ? range.end - range.start + 1 : size);
  return reply.send(body);
}
