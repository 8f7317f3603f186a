import type { ActionItem, ActionItemStatus, UpdateActionItemRequest } from '@parley/contract';
import { CalendarClock, Pencil, Play, Trash2, User } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatTimestamp } from '@/lib/format';
import { personLabel } from '@/lib/person-label';
import { cn } from '@/lib/utils';
import { formatDueDate } from '../lib/due-date';
import { STATUS_CLASSES, STATUS_LABELS } from '../lib/status';
import { ActionItemEditor } from './ActionItemEditor';

/** 'name - company' for a linked person, else the assignee text. */
export function assigneeLabel(item: Pick<ActionItem, 'assignee' | 'personId'>): string | null {
  return item.personId ? personLabel(item.personId) : item.assignee;
}

export function ActionItemCard({
  projectId,
  item,
  saving,
  onChange,
  onDelete,
  onSeek,
  readOnly = false,
}: {
  projectId: string;
  item: ActionItem;
  saving: boolean;
  /** Resolves true when saved. */
  onChange: (changes: UpdateActionItemRequest) => Promise<boolean>;
  onDelete: () => void;
  onSeek: (ms: number) => void;
  /** A viewer's item: its status shown as a label, no way to change, edit or delete it. */
  readOnly?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const assignee = assigneeLabel(item);
  const seconds = item.contextStartTime;

  return (
    <li className="bg-card grid gap-2 rounded-lg border p-3 sm:p-4" data-action-item-id={item._id}>
      {editing ? (
        <ActionItemEditor
          projectId={projectId}
          item={item}
          pending={saving}
          onCancel={() => setEditing(false)}
          onSave={async (changes) => {
            if (await onChange(changes)) setEditing(false);
          }}
        />
      ) : (
        <>
          <div className="flex flex-wrap items-start gap-2">
            <p
              className={cn(
                'min-w-0 flex-1 font-medium break-words',
                item.status === 'completed' && 'text-muted-foreground line-through',
              )}
            >
              {item.task}
            </p>
            {readOnly ? (
              <span className={cn('rounded-md border px-2 py-1 text-xs font-medium', STATUS_CLASSES[item.status])}>
                <span className="sr-only">Status: </span>
                {STATUS_LABELS[item.status]}
              </span>
            ) : (
              <>
                <select
                  aria-label={`Status of ${item.task}`}
                  value={item.status}
                  onChange={(event) => void onChange({ status: event.target.value as ActionItemStatus })}
                  className={cn(
                    'h-8 rounded-md border px-2 text-xs font-medium outline-none focus-visible:ring-[3px]',
                    STATUS_CLASSES[item.status],
                  )}
                >
                  {(Object.keys(STATUS_LABELS) as ActionItemStatus[]).map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  onClick={() => setEditing(true)}
                  aria-label={`Edit ${item.task}`}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  onClick={onDelete}
                  aria-label={`Delete ${item.task}`}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </>
            )}
          </div>
          {item.context && (
            <p className="text-muted-foreground text-sm break-words">
              {seconds !== null && (
                <a
                  href={`?t=${Math.floor(seconds)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onSeek(seconds * 1000);
                  }}
                  className="text-primary mr-1.5 inline-flex items-center gap-0.5 font-mono text-xs hover:underline"
                  aria-label={`Play from ${formatTimestamp(seconds * 1000)}`}
                >
                  <Play className="size-3" aria-hidden="true" />
                  {formatTimestamp(seconds * 1000)}
                </a>
              )}
              {item.context}
            </p>
          )}
          {(assignee || item.dueDate) && (
            <div className="text-muted-foreground flex flex-wrap gap-x-4 gap-y-1 text-xs">
              {assignee && (
                <span className="inline-flex items-center gap-1">
                  <User className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">Assignee: </span>
                  {assignee}
                </span>
              )}
              {item.dueDate && (
                <span className="inline-flex items-center gap-1">
                  <CalendarClock className="size-3.5" aria-hidden="true" />
                  Due {formatDueDate(item.dueDate)}
                </span>
              )}
            </div>
          )}
        </>
      )}
    </li>
  );
}
