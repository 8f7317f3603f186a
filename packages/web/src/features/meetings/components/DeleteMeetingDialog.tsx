import type { Meeting } from '@parley/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useActionError } from '@/hooks/use-action-error';
import { projectIdOf } from '@/lib/meeting-links';
import { useDeleteMeeting } from '../api/delete-meeting';

/** 'Delete Meeting': the meeting, its audio file and all transcriptions go for good. */
export function DeleteMeetingDialog({
  meeting,
  onOpenChange,
  onDeleted,
}: {
  meeting: Meeting | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const deleteMeeting = useDeleteMeeting();
  const open = meeting !== null;
  const { error, attempt } = useActionError(open);

  const confirm = async () => {
    if (!meeting) return;
    await attempt(async () => {
      await deleteMeeting.mutateAsync({ projectId: projectIdOf(meeting.projectId), meetingId: meeting._id });
      onOpenChange(false);
      onDeleted?.();
    }, 'Failed to delete meeting');
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !deleteMeeting.isPending && onOpenChange(next)}
      title="Delete Meeting"
      description={
        <>
          Are you sure you want to delete{' '}
          <strong className="text-foreground">{meeting?.title || 'this meeting'}</strong>? The meeting, its audio file
          and all transcriptions will be permanently removed. This action cannot be undone.
        </>
      }
      pending={deleteMeeting.isPending}
      error={error}
      onConfirm={confirm}
    />
  );
}
