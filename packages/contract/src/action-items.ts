import { z } from 'zod';
import { clearableText, Id, IsoDate, PageQuery, Pagination, success } from './common.ts';
import { LIMITS } from './limits.ts';
import { Meeting } from './meetings.ts';
import { PersonRef } from './transcriptions.ts';

export const ActionItemStatus = z.enum(['pending', 'in_progress', 'completed']);
export type ActionItemStatus = z.infer<typeof ActionItemStatus>;
export const ActionItemSource = z.enum(['generated', 'imported', 'manual']);
export type ActionItemSource = z.infer<typeof ActionItemSource>;

export const ACTION_ITEM_LIMITS = { taskMax: 500, contextMax: 2000, assigneeMax: 200 } as const;

/** An action item as spec section 3 shows it, plus the time (seconds) of the sentence it came from. */
export const ActionItem = z.object({
  _id: Id,
  meetingId: Id,
  task: z.string(),
  context: z.string().nullable(),
  contextStartTime: z.number().min(0).nullable(),
  assignee: z.string().nullable(),
  personId: PersonRef.nullable(),
  dueDate: IsoDate.nullable(),
  status: ActionItemStatus,
  source: ActionItemSource,
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type ActionItem = z.infer<typeof ActionItem>;

export const ActionItemListQuery = PageQuery(LIMITS.actionItemPageSize, 200);
export const ActionItemListResponse = success(z.object({ actionItems: z.array(ActionItem), pagination: Pagination }));
export type ActionItemListResponse = z.infer<typeof ActionItemListResponse>;
export const ActionItemResponse = success(ActionItem);

export const UpdateActionItemRequest = z
  .object({
    status: ActionItemStatus.optional(),
    task: z
      .string({ error: 'Task is required' })
      .trim()
      .min(1, 'Task cannot be empty')
      .max(ACTION_ITEM_LIMITS.taskMax, `Task must be at most ${ACTION_ITEM_LIMITS.taskMax} characters`)
      .optional(),
    context: clearableText(ACTION_ITEM_LIMITS.contextMax, 'Context').optional(),
    assignee: clearableText(ACTION_ITEM_LIMITS.assigneeMax, 'Assignee').optional(),
    dueDate: z
      .union([IsoDate, z.literal(''), z.null()], { error: 'Due date must be an ISO date-time or null' })
      .transform((value) => (value ? new Date(value).toISOString() : null))
      .optional(),
    personId: Id.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to update' });
export type UpdateActionItemRequest = z.input<typeof UpdateActionItemRequest>;

/** The summary stream's events (`data: ` lines of text/event-stream). */
export const SummaryStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chunk'), content: z.string() }),
  z.object({ type: z.literal('complete'), meeting: Meeting }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type SummaryStreamEvent = z.infer<typeof SummaryStreamEvent>;

/** Generation starts as a job; the answer is the meeting with actionItemsStatus 'processing'. */
export const GenerateActionItemsResponse = success(Meeting);
