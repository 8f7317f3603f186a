import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function speakerSuggestionRoutes(router: Router, ctx: AppContext) {
  const { speakerSuggestions } = ctx.services;
  // Suggestions come from the holder's voice profiles and contacts, which stay personal (decision 220):
  // another member of a shared project gets none.
  router.handle(routes.speakerSuggestions, async (request) =>
    request.userId === request.holderId
      ? ok(await speakerSuggestions.list(request.holderId, request.params.meetingId))
      : ok({ suggestions: [] }),
  );
  router.handle(routes.dismissSuggestion, async (request) => {
    await speakerSuggestions.dismiss(request.holderId, request.params.meetingId, request.body);
  });
}
