import { CreateMeetingFields, routePath, routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import { clientClosed, notFound } from '../../lib/errors.ts';
import { presentMeeting } from '../../presenters/index.ts';
import { receiveMeetingUpload } from '../receive-upload.ts';
import { heavyTurn, type Router } from '../router.ts';
import { ok } from '../types.ts';

const AUDIO_URL_SECONDS = 6 * 3600;

export function meetingRoutes(router: Router, ctx: AppContext) {
  const { meetings } = ctx.services;

  router.handle(routes.listMeetings, async (request) =>
    ok({ meetings: await meetings.listForProject(request.userId, request.params.id) }),
  );

  router.handle(routes.createMeeting, async (request, reply) => {
    const quota = await meetings.uploadQuota(request.userId, request.params.id);
    const { fields, audio, transcript } = await receiveMeetingUpload(request, {
      userId: request.userId,
      maxFileSize: quota.maxFileSize,
      storage: ctx.storage,
      fields: CreateMeetingFields,
      afterStore: quota.assertStored,
      afterMeasure: quota.assertAudioFits,
      maxDurationSeconds: ctx.config.maxRecordingHours * 3600,
    });
    if (!transcript) return ok(await meetings.create(request.userId, request.params.id, fields, audio!));
    // An import is heavy (parsed in a thread, thousands of rows written); a recording's upload is not.
    await heavyTurn(ctx.heavy, request, reply);
    // A client that goes away stops an import mid-way; what it wrote is removed (decision 191).
    const gone = new AbortController();
    const onClose = () => reply.raw.writableFinished || gone.abort(clientClosed());
    reply.raw.once('close', onClose);
    const meeting = await ctx.services.imports
      .create(request.userId, request.params.id, fields, transcript, audio, gone.signal)
      .finally(() => reply.raw.off('close', onClose));
    return ok(meeting);
  });

  router.handle(routes.getMeeting, async ({ userId, params }) =>
    ok(presentMeeting(await meetings.getInProject(userId, params.id, params.meetingId))),
  );
  router.handle(routes.updateMeeting, async ({ userId, params, body }) =>
    ok(await meetings.update(userId, params.id, params.meetingId, body)),
  );
  router.handle(routes.deleteMeeting, async ({ userId, params }) => {
    await meetings.delete(userId, params.id, params.meetingId);
  });

  // <audio> cannot send a bearer header: the app asks for a short-lived URL bound to this one meeting.
  router.handle(routes.audioUrl, async ({ userId, params, sessionId, apiTokenId }) => {
    const row = await meetings.getInProject(userId, params.id, params.meetingId);
    // Never uploaded, or deleted (retention, "Delete recording, keep transcript").
    if (!row.audio_key) throw notFound('Recording');
    // Bound to the sign-in that asked: it stops playing when that session signs out or that token goes (211).
    const token = await ctx.services.sessions.resourceToken(userId, `meeting:${row.id}`, AUDIO_URL_SECONDS, {
      sessionId,
      apiTokenId,
    });
    const path = routePath(routes.audio, { id: row.project_id, meetingId: row.id });
    return ok({
      url: `${path}?token=${encodeURIComponent(token)}`,
      expiresAt: new Date(Date.now() + AUDIO_URL_SECONDS * 1000).toISOString(),
    });
  });
}
