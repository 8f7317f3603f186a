import type { Meeting } from '@parley/contract';
import { useEffect, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useDeleteMeeting } from '../api/delete-meeting';
import { projectIdOf } from '../lib/meeting-links';

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
  const [error, setError] = useState<string | null>(null);
  const open = meeting !== null;

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const confirm = async () => {
    if (!meeting) return;
    setError(null);
    try {
      await deleteMeeting.mutateAsync({ projectId: projectIdOf(meeting.projectId), meetingId: meeting._id });
      onOpenChange(false);
      onDeleted?.();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to delete meeting'));
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleteMeeting.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Meeting</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete{' '}
            <strong className="text-foreground">{meeting?.title || 'this meeting'}</strong>? The meeting, its audio file
            and all transcriptions will be permanently removed. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteMeeting.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={deleteMeeting.isPending}>
            {deleteMeeting.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
