import type { Meeting } from '@parley/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useActionError } from '@/hooks/use-action-error';
import { useDeleteRecording } from '../api/delete-recording';

/** Removes the recording only; the transcript, summary and action items stay (docs/decisions/173). */
export function DeleteRecordingButton({ projectId, meeting }: { projectId: string; meeting: Meeting }) {
  const remove = useDeleteRecording();
  const [open, setOpen] = useState(false);
  const { error, attempt } = useActionError(open);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Delete recording, keep transcript
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete the recording?"
        description="The audio file is deleted for good. The transcript, summary and action items are kept."
        confirmLabel="Delete recording"
        pending={remove.isPending}
        error={error}
        onConfirm={() =>
          attempt(async () => {
            await remove.mutateAsync({ projectId, meetingId: meeting._id });
            setOpen(false);
          }, 'Failed to delete the recording')
        }
      />
    </>
  );
}
