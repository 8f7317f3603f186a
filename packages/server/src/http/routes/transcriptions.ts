import {
  AssignSpeakerRequest,
  Id,
  ModifiedCountResponse,
  ReassignPersonRequest,
  SegmentSpeakerRequest,
  TranscriptionPageQuery,
  TranscriptionPageResponse,
  TranscriptionResponse,
  UpdateTranscriptionRequest,
} from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, type ZodApp } from '../types.ts';

const MeetingParams = z.object({ meetingId: Id });
const SegmentParams = MeetingParams.extend({ transcriptionId: Id });

export function transcriptionRoutes(app: ZodApp, ctx: AppContext) {
  const { transcriptions } = ctx.services;
  const tags = ['transcriptions'];
  const base = '/api/meetings/:meetingId/transcriptions';

  app.get(
    base,
    {
      schema: {
        tags,
        params: MeetingParams,
        querystring: TranscriptionPageQuery,
        response: { 200: TranscriptionPageResponse },
      },
    },
    async (request) => ok(await transcriptions.page(request.userId, request.params.meetingId, request.query)),
  );

  app.patch(
    `${base}/:transcriptionId`,
    {
      schema: {
        tags,
        params: SegmentParams,
        body: UpdateTranscriptionRequest,
        response: { 200: TranscriptionResponse },
      },
    },
    async (request) =>
      ok(
        await transcriptions.updateText(
          request.userId,
          request.params.meetingId,
          request.params.transcriptionId,
          request.body.text,
        ),
      ),
  );

  app.delete(`${base}/:transcriptionId`, { schema: { tags, params: SegmentParams } }, async (request, reply) => {
    await transcriptions.delete(request.userId, request.params.meetingId, request.params.transcriptionId);
    return reply.status(204).send();
  });

  app.put(
    `${base}/:transcriptionId/speaker`,
    {
      schema: {
        tags,
        params: SegmentParams,
        body: SegmentSpeakerRequest,
        response: { 200: TranscriptionResponse },
      },
    },
    async (request) =>
      ok(
        await transcriptions.assignSegment(
          request.userId,
          request.params.meetingId,
          request.params.transcriptionId,
          request.body.personId,
        ),
      ),
  );

  app.put(
    `${base}/speaker/:speaker/assign`,
    {
      schema: {
        tags,
        params: MeetingParams.extend({ speaker: z.string().min(1).max(100) }),
        body: AssignSpeakerRequest,
        response: { 200: ModifiedCountResponse },
      },
    },
    async (request) =>
      ok(
        await transcriptions.assignSpeaker(
          request.userId,
          request.params.meetingId,
          request.params.speaker,
          request.body.personId,
        ),
      ),
  );

  app.put(
    `${base}/people/:personId/assign`,
    {
      schema: {
        tags,
        params: MeetingParams.extend({ personId: Id }),
        body: ReassignPersonRequest,
        response: { 200: ModifiedCountResponse },
      },
    },
    async (request) =>
      ok(
        await transcriptions.reassignPerson(
          request.userId,
          request.params.meetingId,
          request.params.personId,
          request.body.newPersonId,
        ),
      ),
  );
}
