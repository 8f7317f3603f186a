import { CreateMeetingFields, routePath, routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, clientClosed, forbidden, notFound } from '../../lib/errors.ts';
import { presentMeeting } from '../../presenters/index.ts';
import { receiveMeetingUpload } from '../receive-upload.ts';
import { heavyTurn, type Router } from '../router.ts';
import { ok } from '../types.ts';

const AUDIO_URL_SECONDS = 6 * 3600;
const MOVE_INTO_VIEWED =
  'You can view the project you chose but not add meetings to it: ask one of its owners to make you an editor';

export function meetingRoutes(router: Router, ctx: AppContext) {
  const { meetings } = ctx.services;

  // `holderId`: the account the project's rows are kept under; `userId`: who is asking (decision 220).
  router.handle(routes.listMeetings, async (request) =>
    ok({ meetings: await meetings.listForProject(request.holderId, request.params.id) }),
  );

  router.handle(routes.createMeeting, async (request, reply) => {
    const { holderId, userId } = request;
    const quota = await meetings.uploadQuota(holderId, request.params.id, userId);
    const { fields, audio, transcript } = await receiveMeetingUpload(request, {
      userId: holderId,
      maxFileSize: quota.maxFileSize,
      storage: ctx.storage,
      fields: CreateMeetingFields,
      afterStore: quota.assertStored,
      afterMeasure: quota.assertAudioFits,
      maxDurationSeconds: ctx.config.maxRecordingHours * 3600,
    });
    if (!transcript) return ok(await meetings.create(holderId, request.params.id, fields, audio!, userId));
    // An import is heavy (parsed in a thread, thousands of rows written); a recording's upload is not.
    await heavyTurn(ctx.heavy, request, reply);
    // A client that goes away stops an import mid-way; what it wrote is removed (decision 191).
    const gone = new AbortController();
    const onClose = () => reply.raw.writableFinished || gone.abort(clientClosed());
    reply.raw.once('close', onClose);
    const meeting = await ctx.services.imports
      .create(holderId, request.params.id, fields, transcript, audio, gone.signal, userId)
      .finally(() => reply.raw.off('close', onClose));
    return ok(meeting);
  });

  router.handle(routes.getMeeting, async ({ holderId, params }) =>
    ok(presentMeeting(await meetings.getInProject(holderId, params.id, params.meetingId))),
  );
  router.handle(routes.updateMeeting, async ({ userId, holderId, params, body }) => {
    if (body.projectId !== undefined && body.projectId !== params.id) {
      // Moved only into a project the caller may edit (decision 220). A project the caller only views is
      // refused as their role falls short (403); one they are not in does not exist for them.
      const target = await ctx.services.access
        .requireProject(userId, body.projectId, 'project.write')
        .catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error; // the database failing is no client's mistake
          if (error.status === 403) throw forbidden(MOVE_INTO_VIEWED);
          throw badRequest('The target project does not exist', [{ path: 'projectId', message: 'Project not found' }]);
        });
      // Another account's project: the meeting's rows go under its holder (the service moves them).
      return ok(await meetings.update(holderId, params.id, params.meetingId, body, target.holderId));
    }
    return ok(await meetings.update(holderId, params.id, params.meetingId, body));
  });
  router.handle(routes.deleteMeeting, async ({ holderId, params }) => {
    await meetings.delete(holderId, params.id, params.meetingId);
  });

  // <audio> cannot send a bearer header: the app asks for a short-lived URL bound to this one meeting,
  // for the caller (the audio route decides their access again).
  router.handle(routes.audioUrl, async ({ userId, holderId, params, sessionId, apiTokenId }) => {
    const row = await meetings.getInProject(holderId, params.id, params.meetingId);
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
