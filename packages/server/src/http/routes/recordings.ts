import {
  ChunkReceiptResponse,
  FinishRecordingRequest,
  Id,
  LiveTranscriptResponse,
  MeetingResponse,
  RECORDING_CHUNK,
  RecordingChunkParams,
  RecordingParams,
  StartRecordingRequest,
} from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { ok, type ZodApp } from '../types.ts';

const ProjectParams = z.object({ id: Id });
/** How often the live stream looks for new words (the worker writes them to the database). */
export const LIVE_POLL_MS = 500;
const KEEP_ALIVE_MS = 15_000;

/** Chunks arrive as the raw bytes MediaRecorder made (audio/webm, audio/ogg, ...) or octet-stream. */
export function acceptRawAudio(app: ZodApp) {
  const parser = { parseAs: 'buffer' as const, bodyLimit: RECORDING_CHUNK.maxBytes };
  const raw = (_request: unknown, body: string | Buffer, done: (err: null, body: Buffer) => void) =>
    done(null, Buffer.isBuffer(body) ? body : Buffer.from(body));
  app.addContentTypeParser('application/octet-stream', parser, raw);
  app.addContentTypeParser(/^audio\//, parser, raw);
}

export function recordingRoutes(app: ZodApp, ctx: AppContext) {
  const { recordings } = ctx.services;
  const tags = ['recordings'];
  acceptRawAudio(app);

  app.post(
    '/api/projects/:id/recordings',
    {
      schema: {
        tags,
        params: ProjectParams,
        body: StartRecordingRequest,
        description:
          'Starts a recording sent in chunks: the meeting exists from now on with recordingState "recording". 403 with the limit message when the month is over the limit.',
        response: { 201: MeetingResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await recordings.start(request.userId, request.params.id, request.body))),
  );

  app.put(
    '/api/meetings/:meetingId/recording/chunks/:seq',
    {
      schema: {
        tags,
        params: RecordingChunkParams,
        description: `One chunk (at most ${RECORDING_CHUNK.maxSeconds} s, ${RECORDING_CHUNK.maxBytes} bytes) as the raw body, numbered from 0. Sending a chunk again is harmless. 409 once the recording is stopped.`,
        response: { 200: ChunkReceiptResponse },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw badRequest('Send the chunk as the raw body (Content-Type audio/webm or application/octet-stream)');
      return ok(await recordings.putChunk(request.userId, request.params.meetingId, request.params.seq, request.body));
    },
  );

  app.post(
    '/api/meetings/:meetingId/recording/finish',
    {
      schema: {
        tags,
        params: RecordingParams,
        body: FinishRecordingRequest,
        description:
          'Stop: the recording is put together and transcribed once chunks 0..chunks-1 have all arrived (409 naming the missing ones before).',
        response: { 200: MeetingResponse },
      },
    },
    async (request) => ok(await recordings.finish(request.userId, request.params.meetingId, request.body.chunks)),
  );

  app.get(
    '/api/meetings/:meetingId/live',
    { schema: { tags, params: RecordingParams, response: { 200: LiveTranscriptResponse } } },
    async (request) => ok(await recordings.live(request.userId, request.params.meetingId)),
  );

  app.get(
    '/api/meetings/:meetingId/live/stream',
    {
      schema: {
        tags,
        params: RecordingParams,
        description:
          'The live transcript as text/event-stream: `data: ` lines of {type:"transcript",transcript} whenever it changes, then {type:"complete"} once the recording is finished.',
      },
    },
    async (request, reply) => {
      const { userId } = request;
      const { meetingId } = request.params;
      let last = await recordings.live(userId, meetingId); // 404 before the stream starts
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const send = (event: object) => !res.destroyed && res.write(`data: ${JSON.stringify(event)}\n\n`);
      let closed = false;
      res.on('close', () => {
        closed = true;
      });
      send({ type: 'transcript', transcript: last });
      let sinceWrite = 0;
      try {
        while (!closed && last.recordingState !== null) {
          await new Promise((resolve) => setTimeout(resolve, LIVE_POLL_MS));
          if (closed) break;
          const next = await recordings.live(userId, meetingId);
          if (JSON.stringify(next) !== JSON.stringify(last)) {
            send({ type: 'transcript', transcript: next });
            sinceWrite = 0;
          } else {
            sinceWrite += LIVE_POLL_MS;
            if (sinceWrite >= KEEP_ALIVE_MS) {
              res.write(': keep-alive\n\n');
              sinceWrite = 0;
            }
          }
          last = next;
        }
        send({ type: 'complete' });
      } catch (error) {
        // The meeting was deleted meanwhile (404) or the database went away: the client reconnects or gives up.
        request.log.info({ err: error }, 'live stream ended early');
        send({ type: 'error', message: 'The live transcript stopped' });
      } finally {
        res.end();
      }
    },
  );
}
