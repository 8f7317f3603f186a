import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function transcriptionRoutes(router: Router, ctx: AppContext) {
  const { transcriptions } = ctx.services;
  router.handle(routes.transcriptPage, async ({ userId, params, query }) =>
    ok(await transcriptions.page(userId, params.meetingId, query)),
  );
  router.handle(routes.updateSegment, async ({ userId, params, body }) =>
    ok(await transcriptions.updateText(userId, params.meetingId, params.transcriptionId, body.text)),
  );
  router.handle(routes.deleteSegment, async ({ userId, params }) => {
    await transcriptions.delete(userId, params.meetingId, params.transcriptionId);
  });
  router.handle(routes.assignSegment, async ({ userId, params, body }) =>
    ok(await transcriptions.assignSegment(userId, params.meetingId, params.transcriptionId, body.personId)),
  );
  router.handle(routes.assignSpeaker, async ({ userId, params, body }) =>
    ok(await transcriptions.assignSpeaker(userId, params.meetingId, params.speaker, body.personId)),
  );
  router.handle(routes.renameSpeaker, async ({ userId, params, body }) =>
    ok(await transcriptions.renameSpeaker(userId, params.meetingId, params.speaker, body.name)),
  );
  router.handle(routes.reassignPerson, async ({ userId, params, body }) =>
    ok(await transcriptions.reassignPerson(userId, params.meetingId, params.personId, body.newPersonId)),
  );
}
