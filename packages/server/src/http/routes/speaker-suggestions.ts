import { DismissSuggestionRequest, Id, SpeakerSuggestionsResponse } from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, type ZodApp } from '../types.ts';

const MeetingParams = z.object({ meetingId: Id });

export function speakerSuggestionRoutes(app: ZodApp, ctx: AppContext) {
  const { speakerSuggestions } = ctx.services;
  const tags = ['speakers'];
  const base = '/api/meetings/:meetingId/speaker-suggestions';

  app.get(
    base,
    { schema: { tags, params: MeetingParams, response: { 200: SpeakerSuggestionsResponse } } },
    async (request) => ok(await speakerSuggestions.list(request.userId, request.params.meetingId)),
  );

  app.post(
    `${base}/dismiss`,
    { schema: { tags, params: MeetingParams, body: DismissSuggestionRequest } },
    async (request, reply) => {
      await speakerSuggestions.dismiss(request.userId, request.params.meetingId, request.body);
      return reply.status(204).send();
    },
  );
}
