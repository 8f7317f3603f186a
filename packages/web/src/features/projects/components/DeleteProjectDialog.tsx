import type { Project } from '@parley/contract';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useDeleteProject } from '../api/delete-project';

export function DeleteProjectDialog({
  project,
  onOpenChange,
  onDeleted,
}: {
  project: Project | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const deleteProject = useDeleteProject();
  const [error, setError] = useState<string | null>(null);
  const open = project !== null;

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const confirm = async () => {
    if (!project) return;
    setError(null);
    try {
      await deleteProject.mutateAsync(project._id);
      onOpenChange(false);
      onDeleted?.();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to delete project'));
    }
  };

  const count = project?.meetingCount ?? 0;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Project"
      description={
        <>
          Are you sure you want to delete <strong className="text-foreground">{project?.name}</strong>?{' '}
          {count === 1 && 'Its 1 meeting, with its recording and transcript, will be deleted too. '}
          {count > 1 && `Its ${count} meetings, with their recordings and transcripts, will be deleted too. `}
          This action cannot be undone.
        </>
      }
      pending={deleteProject.isPending}
      error={error}
      onConfirm={confirm}
    />
  );
}
