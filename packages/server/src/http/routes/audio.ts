import { routes } from '@parley/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AudioType, decideAudioType } from '../../audio/decoding/audio-type.ts';
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
  router.handle(routes.deleteRecording, async ({ holderId, params }) => {
    await ctx.services.meetings.deleteRecording(holderId, params.id, params.meetingId);
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

    // A public route in the table (it reads its own token): its access is decided here, by the same service.
    const { holderId } = await ctx.services.access.requireProject(userId, projectId, 'project.read');
    const meeting = await ctx.services.meetings.getInProject(holderId, projectId, meetingId);
    return sendRecording(ctx, meeting, request as FastifyRequest, reply, { download: request.query.download === '1' });
  });
}

/**
 * A stored recording is the uploader's bytes on Parley's origin: whatever it also is (a WAV can be valid
 * HTML), the browser must treat it as media only (decision 200). No sniffing, no script, no document of
 * its own, not embeddable by other sites.
 */
export const AUDIO_RESPONSE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'cross-origin-resource-policy': 'same-origin',
} as const;

/**
 * The type a recording is served under, decided from its first bytes on every request (rows written
 * before decision 200 hold the type their uploader declared); one that is none of the audio types is
 * not served.
 */
async function servedType(ctx: AppContext, key: string, size: number): Promise<AudioType> {
  const type = await decideAudioType(async (start, length) => {
    if (start >= size) return new Uint8Array(0);
    const parts: Buffer[] = [];
    for await (const part of await ctx.storage.read(key, { start, end: Math.min(size, start + length) - 1 }))
      parts.push(part as Buffer);
    return Buffer.concat(parts);
  });
  if (!type) throw new AppError(415, 'The recording is not in an audio format Parley serves');
  return type;
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
  const type = await servedType(ctx, meeting.audio_key, size);
  // The store answers before any header goes out, so its failure is still a clean error reply.
  const body = await ctx.storage.read(meeting.audio_key, range ?? undefined);
  reply.headers(AUDIO_RESPONSE_HEADERS);
  reply.header('accept-ranges', 'bytes');
  reply.header('content-type', type.mime);
  reply.header('cache-control', opts.cacheControl ?? 'private, max-age=3600');
  if (opts.download) {
    reply.header('content-disposition', attachmentDisposition(meeting.title || 'Untitled Meeting', type.extension));
  }
  if (range) {
    reply.status(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  }
  reply.header('content-length', range ? range.end - range.start + 1 : size);
  return reply.send(body);
}
