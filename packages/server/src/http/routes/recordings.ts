import { type LiveStreamEvent, RECORDING_CHUNK, routes } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { openEventStream } from '../event-stream.ts';
import { authenticateBearer, bearerToken } from '../plugins/auth.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

/** How often the live stream looks for new words (the worker writes them to the database). */
export const LIVE_POLL_MS = 500;

/** Chunks arrive as the raw bytes MediaRecorder made (audio/webm, audio/ogg, ...) or octet-stream. */
export function acceptRawAudio(app: FastifyInstance) {
  const parser = { parseAs: 'buffer' as const, bodyLimit: RECORDING_CHUNK.maxBytes };
  const raw = (_request: unknown, body: string | Buffer, done: (err: null, body: Buffer) => void) =>
    done(null, Buffer.isBuffer(body) ? body : Buffer.from(body));
  app.addContentTypeParser('application/octet-stream', parser, raw);
  app.addContentTypeParser(/^audio\//, parser, raw);
}

export function recordingRoutes(router: Router, ctx: AppContext) {
  const { recordings } = ctx.services;
  router.handle(routes.startRecording, async (request) =>
    ok(await recordings.start(request.holderId, request.params.id, request.body, request.userId)),
  );
  router.handle(routes.recordingChunk, async (request) => {
    if (!Buffer.isBuffer(request.body))
      throw badRequest('Send the chunk as the raw body (Content-Type audio/webm or application/octet-stream)');
    return ok(await recordings.putChunk(request.holderId, request.params.meetingId, request.params.seq, request.body));
  });
  router.handle(routes.finishRecording, async (request) =>
    ok(await recordings.finish(request.holderId, request.params.meetingId, request.body.chunks)),
  );
  router.handle(routes.liveTranscript, async (request) =>
    ok(await recordings.live(request.holderId, request.params.meetingId)),
  );
  router.handle(routes.liveStream, async (request, reply) => {
    const { holderId: userId } = request;
    const { meetingId } = request.params;
    // Allowed when it opened, the stream lasts as long as the recording: each look asks again whether this
    // sign-in still holds and its account still reads the meeting (decision 292).
    const stillAllowed = async () => {
      const token = bearerToken(request);
      if (!token) throw unauthorized('Authentication required');
      const { userId: caller } = await authenticateBearer(token, ctx.services);
      await ctx.services.access.requireMeeting(caller, meetingId, 'project.read');
    };
    let last = await recordings.live(userId, meetingId); // 404 before the stream starts
    const stream = openEventStream(request, reply);
    const send = (event: LiveStreamEvent) => stream.write(`data: ${JSON.stringify(event)}`);
    send({ type: 'transcript', transcript: last });
    try {
      while (!stream.signal.aborted && last.recordingState !== null) {
        await new Promise((resolve) => setTimeout(resolve, LIVE_POLL_MS));
        if (stream.signal.aborted) break;
        await stillAllowed();
        const next = await recordings.live(userId, meetingId);
        if (JSON.stringify(next) !== JSON.stringify(last)) send({ type: 'transcript', transcript: next });
        last = next;
      }
      send({ type: 'complete' });
    } catch (error) {
      // The meeting was deleted meanwhile (404), the caller may no longer read it (401, 404), or the database
      // went away: the client reconnects (and is refused, if it is the caller) or gives up.
      request.log.info({ err: error }, 'live stream ended early');
      send({ type: 'error', message: 'The live transcript stopped' });
    } finally {
      stream.end();
    }
  });
}
