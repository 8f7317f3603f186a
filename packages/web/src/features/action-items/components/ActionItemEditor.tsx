import type { ActionItem, UpdateActionItemRequest } from '@parley/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { fromLocalInputValue, toLocalInputValue } from '../lib/due-date';

/** Inline edit of an item: 'Task title', 'Due Date' (local, to the minute) and 'Context'. */
export function ActionItemEditor({
  item,
  pending,
  onSave,
  onCancel,
}: {
  item: ActionItem;
  pending: boolean;
  onSave: (changes: UpdateActionItemRequest) => void;
  onCancel: () => void;
}) {
  const [task, setTask] = useState(item.task);
  const [dueDate, setDueDate] = useState(toLocalInputValue(item.dueDate));
  const [context, setContext] = useState(item.context ?? '');
  const id = useId();

  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!task.trim()) return;
        onSave({ task: task.trim(), dueDate: fromLocalInputValue(dueDate), context: context.trim() || null });
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
          {pending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
