import type { Meeting } from '@parley/contract';
import { useState } from 'react';
import { useProjects } from '@/api/projects/get-projects';
import { projectIdOf } from '@/lib/meeting-links';
import { canEdit } from '@/lib/project-roles';
import { DeleteMeetingDialog } from './DeleteMeetingDialog';
import { MeetingActionsMenu } from './MeetingActionsMenu';
import { MeetingsGrid } from './MeetingsGrid';
import { MoveMeetingDialog } from './MoveMeetingDialog';

/**
 * A meetings grid whose cards carry Move and Delete, with their dialogs: only on the meetings of projects
 * the user may edit (a viewer's cards have none, issue 37), and on none while the projects are loading.
 */
export function ManagedMeetingsGrid({ meetings }: { meetings: Meeting[] }) {
  const [moving, setMoving] = useState<Meeting | null>(null);
  const [deleting, setDeleting] = useState<Meeting | null>(null);
  const projects = useProjects();
  const editable = new Set((projects.data ?? []).filter((project) => canEdit(project.role)).map((p) => p._id));
  return (
    <>
      <MeetingsGrid
        meetings={meetings}
        renderActions={(meeting) =>
          editable.has(projectIdOf(meeting.projectId)) ? (
            <MeetingActionsMenu meeting={meeting} onMove={setMoving} onDelete={setDeleting} />
          ) : null
        }
      />
      <MoveMeetingDialog meeting={moving} onOpenChange={(open) => !open && setMoving(null)} />
      <DeleteMeetingDialog meeting={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
