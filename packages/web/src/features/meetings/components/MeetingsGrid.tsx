import type { Meeting } from '@parley/contract';
import type { ReactNode } from 'react';
import { MeetingCard } from './MeetingCard';

export function MeetingsGrid({
  meetings,
  renderActions,
}: {
  meetings: Meeting[];
  renderActions?: (meeting: Meeting) => ReactNode;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {meetings.map((meeting) => (
        <li key={meeting._id}>
          <MeetingCard meeting={meeting} actions={renderActions?.(meeting)} />
        </li>
      ))}
    </ul>
  );
}

export function MeetingsGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <li key={index} className="bg-muted h-[7.5rem] animate-pulse rounded-xl" />
      ))}
    </ul>
  );
}
