import type { Meeting } from '@parley/contract';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useProjects } from '@/api/projects/get-projects';
import { ErrorAlert } from '@/components/error-alert';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { useActionError } from '@/hooks/use-action-error';
import { errorMessage } from '@/lib/api-client';
import { projectIdOf } from '@/lib/meeting-links';
import { distinctProjectLabels } from '@/lib/project-label';
import { canEdit } from '@/lib/project-roles';
import { useMoveMeeting } from '../api/move-meeting';

export const NO_OTHER_PROJECTS = 'No other projects available. Create a new project first.';

/** 'Move Meeting': offers the user's other projects they may edit. */
export function MoveMeetingDialog({
  meeting,
  onOpenChange,
  onMoved,
}: {
  meeting: Meeting | null;
  onOpenChange: (open: boolean) => void;
  onMoved?: (targetProjectId: string) => void;
}) {
  const projects = useProjects();
  const moveMeeting = useMoveMeeting();
  const [target, setTarget] = useState('');
  const selectId = useId();
  const open = meeting !== null;
  const { error, attempt } = useActionError(open);
  const currentProjectId = meeting ? projectIdOf(meeting.projectId) : '';
  // Only where the user may add meetings: a project they only view would refuse it (issue 37).
  const others = (projects.data ?? []).filter((project) => project._id !== currentProjectId && canEdit(project.role));
  // Over all projects: a destination sharing its name with the current project is told apart too.
  const labels = distinctProjectLabels(projects.data ?? []);

  useEffect(() => {
    if (open) setTarget('');
  }, [open]);

  const confirm = async () => {
    if (!meeting || !target) return;
    await attempt(async () => {
      await moveMeeting.mutateAsync({ projectId: currentProjectId, meetingId: meeting._id, targetProjectId: target });
      onOpenChange(false);
      onMoved?.(target);
    }, 'Failed to move meeting');
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !moveMeeting.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Move Meeting</DialogTitle>
          <DialogDescription>
            Move <strong className="text-foreground">{meeting?.title || 'this meeting'}</strong> to another project.
          </DialogDescription>
        </DialogHeader>
        {projects.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(projects.error, 'Failed to load projects')}</AlertDescription>
          </Alert>
        ) : projects.isPending ? null : others.length === 0 ? (
          <Alert>
            <AlertDescription>
              {NO_OTHER_PROJECTS}{' '}
              <Link to="/projects" className="underline underline-offset-4" onClick={() => onOpenChange(false)}>
                Go to Projects
              </Link>
            </AlertDescription>
          </Alert>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor={selectId}>Destination project</Label>
            <select
              id={selectId}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              className="border-input focus-visible:border-ring focus-visible:ring-ring/50 h-9 w-full rounded-md border bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px]"
            >
              <option value="" disabled>
                Select a project
              </option>
              {others.map((project) => (
                <option key={project._id} value={project._id}>
                  {labels.get(project._id)}
                </option>
              ))}
            </select>
          </div>
        )}
        <ErrorAlert message={error} />
        <FormDialogFooter
          onCancel={() => onOpenChange(false)}
          onSubmit={confirm}
          submitLabel="Move"
          pendingLabel="Moving..."
          pending={moveMeeting.isPending}
          submitDisabled={!target}
        />
      </DialogContent>
    </Dialog>
  );
}
