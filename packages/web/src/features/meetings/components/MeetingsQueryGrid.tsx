import type { Meeting } from '@parley/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Mic } from 'lucide-react';
import type * as React from 'react';
import { EmptyState } from '@/components/page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useDelayedFlag } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { ManagedMeetingsGrid } from './ManagedMeetingsGrid';
import { MeetingsGridSkeleton } from './MeetingsGrid';

/**
 * A meetings list query as a grid: a skeleton once loading takes a moment, the load error,
 * 'No meetings yet' with the screen's own description and action, or the cards with Move and Delete.
 */
export function MeetingsQueryGrid({
  meetings,
  emptyDescription,
  emptyAction,
}: {
  meetings: UseQueryResult<Meeting[]>;
  emptyDescription: string;
  emptyAction?: React.ReactNode;
}) {
  const showSkeleton = useDelayedFlag(meetings.isPending);
  if (meetings.isPending) return showSkeleton ? <MeetingsGridSkeleton /> : null;
  if (meetings.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{errorMessage(meetings.error, 'Failed to load meetings')}</AlertDescription>
      </Alert>
    );
  }
  if (meetings.data.length === 0) {
    return <EmptyState icon={Mic} title="No meetings yet" description={emptyDescription} action={emptyAction} />;
  }
  return <ManagedMeetingsGrid meetings={meetings.data} />;
}
