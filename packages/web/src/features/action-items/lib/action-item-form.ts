import { type ActionItem, CreateActionItemRequest, Id, type UpdateActionItemRequest } from '@parley/contract';
import { z } from 'zod';
import { fromLocalInputValue, toLocalInputValue } from './due-date';

const request = CreateActionItemRequest.shape;

/**
 * The edit form of an action item, checked with the contract's own rules. The assignee is one field: a
 * name, and the person it was picked from in People (null for a name typed by hand). The due date is the
 * value of a `datetime-local` input, read as local time when saved.
 */
export const ActionItemFormSchema = z.object({
  task: request.task,
  assignee: z.object({ name: request.assignee.unwrap(), personId: Id.nullable() }),
  dueDate: z.string(),
  context: request.context.unwrap(),
});
export type ActionItemFormValues = z.input<typeof ActionItemFormSchema>;

/** What the editor saves: the fields of an update, which are also those of a new item. */
export type ActionItemFields = Required<
  Pick<UpdateActionItemRequest, 'task' | 'dueDate' | 'context' | 'assignee' | 'assigneePersonId'>
>;

/** A linked person shows as that person's name; otherwise the assignee text. */
export function actionItemFormValues(item?: ActionItem): ActionItemFormValues {
  return {
    task: item?.task ?? '',
    assignee: item?.personId
      ? { name: item.personId.name, personId: item.personId._id }
      : { name: item?.assignee ?? '', personId: null },
    dueDate: toLocalInputValue(item?.dueDate),
    context: item?.context ?? '',
  };
}

export function actionItemFields(values: z.output<typeof ActionItemFormSchema>): ActionItemFields {
  return {
    task: values.task,
    // A person picked has their name; a blank field unlinks as well.
    assignee: values.assignee.name,
    assigneePersonId: values.assignee.name ? values.assignee.personId : null,
    dueDate: fromLocalInputValue(values.dueDate),
    context: values.context,
  };
}
