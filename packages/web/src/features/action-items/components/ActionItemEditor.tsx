import type { ActionItem, UpdateActionItemRequest } from '@parley/contract';
import { useId, useState } from 'react';
import { useProjectPeople } from '@/api/people/get-project-people';
import { ProjectPeopleOptions } from '@/components/project-people-options';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { fromLocalInputValue, toLocalInputValue } from '../lib/due-date';

/** What the editor saves: the fields of an update, which are also those of a new item. */
export type ActionItemFields = Required<
  Pick<UpdateActionItemRequest, 'task' | 'dueDate' | 'context' | 'assignee' | 'assigneePersonId'>
>;

/**
 * Edit of an item, or a new one: 'Task title', 'Assignee' (free text, or a person picked from the
 * project's people, whose name then fills the text), 'Due Date' (local, to the minute; midnight is a day)
 * and 'Context'.
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
  const [task, setTask] = useState(item?.task ?? '');
  const [assignee, setAssignee] = useState(item?.assignee ?? item?.personId?.name ?? '');
  const [personId, setPersonId] = useState(item?.personId?._id ?? '');
  const [dueDate, setDueDate] = useState(toLocalInputValue(item?.dueDate));
  const [context, setContext] = useState(item?.context ?? '');
  const people = useProjectPeople(projectId);
  const id = useId();

  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!task.trim()) return;
        onSave({
          task: task.trim(),
          assignee: assignee.trim() || null,
          assigneePersonId: personId || null,
          dueDate: fromLocalInputValue(dueDate),
          context: context.trim() || null,
        });
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-task`}>Task title</Label>
        <Input
          id={`${id}-task`}
          value={task}
          onChange={(e) => setTask(e.target.value)}
          placeholder="Task title"
          autoFocus
          maxLength={500}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-assignee`}>Assignee</Label>
          <Input
            id={`${id}-assignee`}
            value={assignee}
            onChange={(e) => {
              setAssignee(e.target.value);
              // A name typed by hand is no longer the picked person.
              if (personId) setPersonId('');
            }}
            placeholder="Name"
            maxLength={200}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-person`}>Person</Label>
          <select
            id={`${id}-person`}
            value={personId}
            onChange={(e) => {
              setPersonId(e.target.value);
              const person = people.data?.find((p) => p._id === e.target.value);
              if (person) setAssignee(person.name);
            }}
            className="border-input h-9 rounded-md border bg-transparent px-2 text-sm outline-none focus-visible:ring-[3px]"
          >
            <option value="">No person</option>
            {item?.personId && !people.data?.some((person) => person._id === item.personId?._id) && (
              <option value={item.personId._id}>{item.personId.name}</option>
            )}
            <ProjectPeopleOptions people={people.data ?? []} />
          </select>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-due`}>Due Date</Label>
        <Input
          id={`${id}-due`}
          type="datetime-local"
          step={60}
          value={dueDate}
          onChange={(e) => setDueDate(e.target.value)}
          className="max-w-xs"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-context`}>Context</Label>
        <Textarea
          id={`${id}-context`}
          value={context}
          onChange={(e) => setContext(e.target.value)}
          placeholder="Context"
          rows={3}
          maxLength={2000}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!task.trim() || pending}>
          {pending ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </form>
  );
}
