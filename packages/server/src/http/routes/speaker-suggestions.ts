import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function speakerSuggestionRoutes(router: Router, ctx: AppContext) {
  const { speakerSuggestions } = ctx.services;
  router.handle(routes.speakerSuggestions, async (request) =>
    ok(await speakerSuggestions.list(request.userId, request.params.meetingId)),
  );
  router.handle(routes.dismissSuggestion, async (request) => {
    await speakerSuggestions.dismiss(request.userId, request.params.meetingId, request.body);
  });
}
