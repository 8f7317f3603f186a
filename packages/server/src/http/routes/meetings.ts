import {
  AudioUrlResponse,
  CreateMeetingFields,
  CreateMeetingResponse,
  Id,
  MeetingListResponse,
  MeetingResponse,
  UpdateMeetingRequest,
} from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { presentMeeting } from '../../presenters/index.ts';
import { receiveMeetingUpload } from '../receive-upload.ts';
import { ok, type ZodApp } from '../types.ts';

const ProjectParams = z.object({ id: Id });
const MeetingParams = ProjectParams.extend({ meetingId: Id });
const AUDIO_URL_SECONDS = 6 * 3600;

export function meetingRoutes(app: ZodApp, ctx: AppContext) {
  const { meetings } = ctx.services;
  const tags = ['meetings'];

  app.get(
    '/api/projects/:id/meetings',
    { schema: { tags, params: ProjectParams, response: { 200: MeetingListResponse } } },
    async (request) => ok({ meetings: await meetings.listForProject(request.userId, request.params.id) }),
  );

  app.post(
    '/api/projects/:id/meetings',
    {
      schema: {
        tags,
        params: ProjectParams,
        consumes: ['multipart/form-data'],
        description:
          'Multipart upload: audioFile (the recording), title, recordingType (direct | upload), duration (a hint in whole seconds). transcriptFile (WebVTT, SubRip or Parley JSON), beside or instead of audioFile, imports a transcript: the meeting is completed at once, with no transcription.',
        response: { 201: CreateMeetingResponse },
      },
    },
    async (request, reply) => {
      const quota = await meetings.uploadQuota(request.userId, request.params.id);
      const { fields, audio, transcript } = await receiveMeetingUpload(request, {
        userId: request.userId,
        maxFileSize: quota.maxFileSize,
        storage: ctx.storage,
        fields: CreateMeetingFields,
        beforeAudio: quota.assertMayAddAudio,
      });
      const meeting = transcript
        ? await ctx.services.imports.create(request.userId, request.params.id, fields, transcript, audio)
        : await meetings.create(request.userId, request.params.id, fields, audio!);
      return reply.status(201).send(ok(meeting));
    },
  );

  app.get(
    '/api/projects/:id/meetings/:meetingId',
    { schema: { tags, params: MeetingParams, response: { 200: MeetingResponse } } },
    async (request) => {
      const row = await meetings.getInProject(request.userId, request.params.id, request.params.meetingId);
      return ok(presentMeeting(row));
    },
  );

  app.put(
    '/api/projects/:id/meetings/:meetingId',
    { schema: { tags, params: MeetingParams, body: UpdateMeetingRequest, response: { 200: MeetingResponse } } },
    async (request) =>
      ok(await meetings.update(request.userId, request.params.id, request.params.meetingId, request.body)),
  );

  app.delete(
    '/api/projects/:id/meetings/:meetingId',
    { schema: { tags, params: MeetingParams } },
    async (request, reply) => {
      await meetings.delete(request.userId, request.params.id, request.params.meetingId);
      return reply.status(204).send();
    },
  );

  // <audio> cannot send a bearer header: the app asks for a short-lived URL bound to this one meeting.
  app.get(
    '/api/projects/:id/meetings/:meetingId/audio-url',
    { schema: { tags, params: MeetingParams, response: { 200: AudioUrlResponse } } },
    async (request) => {
      const row = await meetings.getInProject(request.userId, request.params.id, request.params.meetingId);
      // Never uploaded, or deleted (retention, "Delete recording, keep transcript").
      if (!row.audio_key) throw notFound('Recording');
      const token = await ctx.services.sessions.resourceToken(request.userId, `meeting:${row.id}`, AUDIO_URL_SECONDS);
      return ok({
        url: `/api/projects/${row.project_id}/meetings/${row.id}/audio?token=${encodeURIComponent(token)}`,
        expiresAt: new Date(Date.now() + AUDIO_URL_SECONDS * 1000).toISOString(),
      });
    },
  );
}
