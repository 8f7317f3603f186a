import { zodResolver } from '@hookform/resolvers/zod';
import { ACTION_ITEM_LIMITS, type ActionItem } from '@parley/contract';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useProjectPeople } from '@/api/people/get-project-people';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { personLabel } from '@/lib/person-label';
import {
  type ActionItemFields,
  ActionItemFormSchema,
  type ActionItemFormValues,
  actionItemFields,
  actionItemFormValues,
} from '../lib/action-item-form';
import { AssigneeCombobox } from './AssigneeCombobox';

export type { ActionItemFields };

/**
 * Edit of an item, or a new one: 'Task title', 'Assignee' (one field: a name, or a person picked from the
 * project's people), 'Due Date' (local, to the minute; midnight is a day) and 'Context'.
 */
export function ActionItemEditor({
  projectId,
  item,
  pending,
  onSave,
  onCancel,
  saveLabel = 'Save',
}: {
  /** Whose people the item may be assigned to: the user's own and the ones the project names (decision 266). */
  projectId: string;
  item?: ActionItem;
  pending: boolean;
  onSave: (fields: ActionItemFields) => void;
  onCancel: () => void;
  saveLabel?: string;
}) {
  const form = useForm<ActionItemFormValues, unknown, Parameters<typeof actionItemFields>[0]>({
    resolver: zodResolver(ActionItemFormSchema),
    defaultValues: actionItemFormValues(item),
  });
  const { errors } = form.formState;
  const blankTask = form.watch('task').trim() === '';
  const assignee = form.watch('assignee');
  const people = useProjectPeople(projectId);
  const person = assignee.personId ? people.data?.find((p) => p._id === assignee.personId) : undefined;
  const linked = assignee.personId ? (person ? personLabel(person) : (assignee.name ?? '')) : undefined;
  const id = useId();
  const ids = { task: `${id}-task`, assignee: `${id}-assignee`, due: `${id}-due`, context: `${id}-context` };
  const assigneeError = errors.assignee?.name?.message;

  return (
    <form className="grid gap-3" noValidate onSubmit={form.handleSubmit((values) => onSave(actionItemFields(values)))}>
      <FormField id={ids.task} label="Task title" error={errors.task?.message} className="gap-1.5">
        <Input
          {...fieldProps(ids.task, errors.task?.message)}
          placeholder="Task title"
          autoFocus
          maxLength={ACTION_ITEM_LIMITS.taskMax}
          {...form.register('task')}
        />
      </FormField>
      <FormField
        id={ids.assignee}
        label="Assignee"
        error={assigneeError}
        hint={linked ? `Linked to ${linked} in People` : 'Pick someone from People, or type any name'}
        className="gap-1.5"
      >
        <Controller
          control={form.control}
          name="assignee"
          render={({ field }) => (
            <AssigneeCombobox
              projectId={projectId}
              id={ids.assignee}
              value={{ name: field.value.name ?? '', personId: field.value.personId }}
              onChange={field.onChange}
              onBlur={field.onBlur}
              maxLength={ACTION_ITEM_LIMITS.assigneeMax}
              describedBy={fieldProps(ids.assignee, assigneeError, true)['aria-describedby']}
            />
          )}
        />
      </FormField>
      <FormField id={ids.due} label="Due Date" className="gap-1.5">
        <Input id={ids.due} type="datetime-local" step={60} className="max-w-xs" {...form.register('dueDate')} />
      </FormField>
      <FormField id={ids.context} label="Context" error={errors.context?.message} className="gap-1.5">
        <Textarea
          {...fieldProps(ids.context, errors.context?.message)}
          placeholder="Context"
          rows={3}
          maxLength={ACTION_ITEM_LIMITS.contextMax}
          {...form.register('context')}
        />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={blankTask || pending}>
          {pending ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </form>
  );
}
