import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/**
 * A form dialog's footer: Cancel, then the submit button, whose label becomes `pendingLabel` while
 * `pending` (it is disabled meanwhile, and while `submitDisabled`, e.g. a required field is blank).
 * Cancel waits for the submit too, unless `cancelWhilePending` (a dialog that may close at any time).
 */
export function FormDialogFooter({
  onCancel,
  submitLabel,
  pendingLabel,
  pending,
  submitDisabled = false,
  cancelWhilePending = false,
  onSubmit,
}: {
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  submitDisabled?: boolean;
  cancelWhilePending?: boolean;
  /** For a footer outside a <form>: the button runs this instead of submitting the form. */
  onSubmit?: () => void;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={pending && !cancelWhilePending}>
        Cancel
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} disabled={submitDisabled || pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
