import { ConfirmDialog } from '@/components/confirm-dialog';

/** Asked before the New Meeting dialog closes over a recording that has not been used yet. */
export function DiscardRecordingDialog({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onKeep()}
      title="Discard this recording?"
      description="The audio you recorded has not been saved. Discarding it cannot be undone."
      confirmLabel="Discard"
      cancelLabel="Keep recording"
      pending={false}
      error={null}
      onConfirm={onDiscard}
    />
  );
}
