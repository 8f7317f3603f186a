import { Id, MeetingListResponse, PasswordUpdateRequest, RecentMeetingsQuery, UserResponse } from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, type ZodApp } from '../types.ts';

export function userRoutes(app: ZodApp, ctx: AppContext) {
  const { users, meetings } = ctx.services;

  app.get('/api/users/me', { schema: { tags: ['users'], response: { 200: UserResponse } } }, async (request) =>
    ok(await users.me(request.userId)),
  );

  app.put(
    '/api/users/me/password',
    { schema: { tags: ['users'], body: PasswordUpdateRequest }, config: { sessionOnly: true } },
    async (request, reply) => {
      await users.changePassword(
        request.userId,
        request.sessionId,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/users/:userId/meetings',
    {
      schema: {
        tags: ['meetings'],
        params: z.object({ userId: Id }),
        querystring: RecentMeetingsQuery,
        response: { 200: MeetingListResponse },
      },
    },
    async (request) =>
      ok({ meetings: await meetings.listRecent(request.userId, request.params.userId, request.query.limit) }),
  );
}
