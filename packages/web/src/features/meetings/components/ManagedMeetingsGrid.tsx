import type { Meeting } from '@parley/contract';
import { useState } from 'react';
import { DeleteMeetingDialog } from './DeleteMeetingDialog';
import { MeetingActionsMenu } from './MeetingActionsMenu';
import { MeetingsGrid } from './MeetingsGrid';
import { MoveMeetingDialog } from './MoveMeetingDialog';

/** A meetings grid whose cards carry Move and Delete, with their dialogs. */
export function ManagedMeetingsGrid({ meetings }: { meetings: Meeting[] }) {
  const [moving, setMoving] = useState<Meeting | null>(null);
  const [deleting, setDeleting] = useState<Meeting | null>(null);
  return (
    <>
      <MeetingsGrid
        meetings={meetings}
        renderActions={(meeting) => <MeetingActionsMenu meeting={meeting} onMove={setMoving} onDelete={setDeleting} />}
      />
      <MoveMeetingDialog meeting={moving} onOpenChange={(open) => !open && setMoving(null)} />
      <DeleteMeetingDialog meeting={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
