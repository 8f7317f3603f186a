import type { Meeting } from '@parley/contract';
import { CalendarDays, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cardLinkFocusRing } from '@/components/ui/card';
import { formatDate, formatDuration } from '@/lib/format';
import { meetingPath, projectIdOf } from '@/lib/meeting-links';
import { cn } from '@/lib/utils';
import { MeetingStatusBadge } from './MeetingStatusBadge';

/** One meeting in a grid. `actions` is where per-meeting menus (move, delete) plug in. */
export function MeetingCard({ meeting, actions }: { meeting: Meeting; actions?: ReactNode }) {
  return (
    <article
      className={cn(
        'bg-card relative flex flex-col gap-3 rounded-xl border p-4 shadow-sm transition-[color,box-shadow] hover:shadow-md',
        cardLinkFocusRing,
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-medium wrap-anywhere">
          <Link
            to={meetingPath(projectIdOf(meeting.projectId), meeting._id)}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {meeting.title || 'Untitled Meeting'}
          </Link>
        </h3>
        {actions && <div className="relative z-10 -mt-1 -mr-1 shrink-0">{actions}</div>}
      </div>
      <div className="text-muted-foreground flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          <time dateTime={meeting.createdAt}>{formatDate(meeting.createdAt)}</time>
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Clock className="size-3.5" aria-hidden="true" />
          <span>
            <span className="sr-only">Duration </span>
            {formatDuration(meeting.duration)}
          </span>
        </span>
      </div>
      <div>
        <MeetingStatusBadge status={meeting.transcriptionStatus} recording={meeting.recordingState === 'recording'} />
      </div>
    </article>
  );
}
