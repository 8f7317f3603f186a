import {
  ActionItemListQuery,
  ActionItemListResponse,
  ActionItemResponse,
  CreateActionItemRequest,
  GenerateActionItemsResponse,
  Id,
  UpdateActionItemRequest,
} from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, type ZodApp } from '../types.ts';

const MeetingParams = z.object({ id: Id, meetingId: Id });
const ItemParams = MeetingParams.extend({ itemId: Id });

export function actionItemRoutes(app: ZodApp, ctx: AppContext) {
  const { actionItems } = ctx.services;
  const tags = ['action items'];
  const base = '/api/projects/:id/meetings/:meetingId/action-items';

  app.post(
    `${base}/generate`,
    {
      schema: {
        tags,
        params: MeetingParams,
        description: 'Starts generation as a background job; poll the meeting while actionItemsStatus is processing.',
        response: { 202: GenerateActionItemsResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(ok(await actionItems.generate(request.userId, request.params.id, request.params.meetingId))),
  );

  app.get(
    base,
    {
      schema: {
        tags,
        params: MeetingParams,
        querystring: ActionItemListQuery,
        response: { 200: ActionItemListResponse },
      },
    },
    async (request) =>
      ok(await actionItems.list(request.userId, request.params.id, request.params.meetingId, request.query)),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        params: MeetingParams,
        body: CreateActionItemRequest,
        description: 'Adds an item by hand (source manual); regenerating keeps it.',
        response: { 201: ActionItemResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await actionItems.create(request.userId, request.params.id, request.params.meetingId, request.body))),
  );

  app.patch(
    `${base}/:itemId`,
    { schema: { tags, params: ItemParams, body: UpdateActionItemRequest, response: { 200: ActionItemResponse } } },
    async (request) =>
      ok(
        await actionItems.update(
          request.userId,
          request.params.id,
          request.params.meetingId,
          request.params.itemId,
          request.body,
        ),
      ),
  );

  app.delete(`${base}/:itemId`, { schema: { tags, params: ItemParams } }, async (request, reply) => {
    await actionItems.delete(request.userId, request.params.id, request.params.meetingId, request.params.itemId);
    return reply.status(204).send();
  });
}
