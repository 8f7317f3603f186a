import type { Meeting } from '@parley/contract';
import { FolderInput, MoreHorizontal, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export function MeetingActionsMenu({
  meeting,
  onMove,
  onDelete,
}: {
  meeting: Meeting;
  onMove: (meeting: Meeting) => void;
  onDelete: (meeting: Meeting) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${meeting.title || 'Untitled Meeting'}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onMove(meeting)}>
          <FolderInput aria-hidden="true" />
          Move
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(meeting)}>
          <Trash2 aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
