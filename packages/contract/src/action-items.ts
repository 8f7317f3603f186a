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
/** Items a meeting may have before adding one by hand is refused (docs/decisions/213); the Word export holds as many. */
export const ACTION_ITEMS_PER_MEETING = 1000;

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
  /** When the user last changed the item; edited items survive a regeneration. */
  editedAt: IsoDate.nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type ActionItem = z.infer<typeof ActionItem>;

export const ActionItemListQuery = PageQuery(LIMITS.actionItemPageSize, 200);
export const ActionItemListResponse = success(z.object({ actionItems: z.array(ActionItem), pagination: Pagination }));
export type ActionItemListResponse = z.infer<typeof ActionItemListResponse>;
export const ActionItemResponse = success(ActionItem);

const Task = z
  .string({ error: 'Task is required' })
  .trim()
  .min(1, 'Task cannot be empty')
  .max(ACTION_ITEM_LIMITS.taskMax, `Task must be at most ${ACTION_ITEM_LIMITS.taskMax} characters`);
const DueDate = z
  .union([IsoDate, z.literal(''), z.null()], { error: 'Due date must be an ISO date-time or null' })
  .transform((value) => (value ? new Date(value).toISOString() : null));

export const UpdateActionItemRequest = z
  .object({
    status: ActionItemStatus.optional(),
    task: Task.optional(),
    context: clearableText(ACTION_ITEM_LIMITS.contextMax, 'Context').optional(),
    /** Free text; set alone it replaces a linked person. */
    assignee: clearableText(ACTION_ITEM_LIMITS.assigneeMax, 'Assignee').optional(),
    dueDate: DueDate.optional(),
    /** A person of the user, or null to unlink. `personId` is the older name of the same field. */
    assigneePersonId: Id.nullable().optional(),
    personId: Id.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to update' });
export type UpdateActionItemRequest = z.input<typeof UpdateActionItemRequest>;

/** `POST .../action-items`: an item added by hand (source `manual`). */
export const CreateActionItemRequest = z.object({
  task: Task,
  assignee: clearableText(ACTION_ITEM_LIMITS.assigneeMax, 'Assignee').optional(),
  assigneePersonId: Id.nullable().optional(),
  dueDate: DueDate.optional(),
  context: clearableText(ACTION_ITEM_LIMITS.contextMax, 'Context').optional(),
});
export type CreateActionItemRequest = z.input<typeof CreateActionItemRequest>;

/** The summary stream's events (`data: ` lines of text/event-stream). */
export const SummaryStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chunk'), content: z.string() }),
  z.object({ type: z.literal('complete'), meeting: Meeting }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type SummaryStreamEvent = z.infer<typeof SummaryStreamEvent>;

/** Generation starts as a job; the answer is the meeting with actionItemsStatus 'processing'. */
export const GenerateActionItemsResponse = success(Meeting);
