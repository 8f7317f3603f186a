import {
  GlobalSearchQuery,
  GlobalSearchResponse,
  Id,
  MeetingSearchQuery,
  MeetingSearchResponse,
  ProjectSearchQuery,
  ProjectSearchResponse,
} from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, type ZodApp } from '../types.ts';

export function searchRoutes(app: ZodApp, ctx: AppContext) {
  const { search } = ctx.services;
  const tags = ['search'];

  app.get(
    '/api/meetings/:meetingId/transcriptions/hybrid-search',
    {
      schema: {
        tags,
        params: z.object({ meetingId: Id }),
        querystring: MeetingSearchQuery,
        response: { 200: MeetingSearchResponse },
      },
    },
    async (request) => ok(await search.inMeeting(request.userId, request.params.meetingId, request.query)),
  );

  app.get(
    '/api/search',
    { schema: { tags, querystring: GlobalSearchQuery, response: { 200: GlobalSearchResponse } } },
    async (request) => ok(await search.everywhere(request.userId, request.query)),
  );

  app.get(
    '/api/projects/:id/transcriptions/search-all',
    {
      schema: {
        tags,
        params: z.object({ id: Id }),
        querystring: ProjectSearchQuery,
        response: { 200: ProjectSearchResponse },
      },
    },
    async (request) => ok(await search.inProject(request.userId, request.params.id, request.query)),
  );
}
