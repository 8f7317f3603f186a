import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function transcriptionRoutes(router: Router, ctx: AppContext) {
  const { transcriptions } = ctx.services;
  // `userId` too: a linked contact's company is shown to its owner only (issue 37).
  router.handle(routes.transcriptPage, async ({ holderId, userId, params, query }) =>
    ok(await transcriptions.page(holderId, params.meetingId, query, userId)),
  );
  router.handle(routes.updateSegment, async ({ holderId, userId, params, body }) =>
    ok(await transcriptions.updateText(holderId, params.meetingId, params.transcriptionId, body.text, userId)),
  );
  router.handle(routes.deleteSegment, async ({ holderId, params }) => {
    await transcriptions.delete(holderId, params.meetingId, params.transcriptionId);
  });
  // Linking takes the caller too: who may be linked depends on whose contacts they are (decision 266).
  router.handle(routes.assignSegment, async ({ holderId, userId, params, body }) =>
    ok(await transcriptions.assignSegment(holderId, params.meetingId, params.transcriptionId, body.personId, userId)),
  );
  router.handle(routes.assignSpeaker, async ({ holderId, userId, params, body }) =>
    ok(await transcriptions.assignSpeaker(holderId, params.meetingId, params.speaker, body.personId, userId)),
  );
  router.handle(routes.renameSpeaker, async ({ holderId, params, body }) =>
    ok(await transcriptions.renameSpeaker(holderId, params.meetingId, params.speaker, body.name)),
  );
  router.handle(routes.reassignPerson, async ({ holderId, userId, params, body }) =>
    ok(await transcriptions.reassignPerson(holderId, params.meetingId, params.personId, body.newPersonId, userId)),
  );
}
