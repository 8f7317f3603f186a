import type { Project } from '@parley/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useActionError } from '@/hooks/use-action-error';
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
  const open = project !== null;
  const { error, attempt } = useActionError(open);

  const confirm = async () => {
    if (!project) return;
    await attempt(async () => {
      await deleteProject.mutateAsync(project._id);
      onOpenChange(false);
      onDeleted?.();
    }, 'Failed to delete project');
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
