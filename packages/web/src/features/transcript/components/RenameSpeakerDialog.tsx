import { useEffect, useId, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useActionError } from '@/hooks/use-action-error';
import { useRenameSpeaker } from '../api/assign-speaker';

/** The most a speaker's name may have (the contract's label limit). */
const SPEAKER_NAME_MAX = 100;

/**
 * 'Rename speaker': "Speaker 2" becomes "Ana" in this meeting, no contact needed (linking to a person
 * stays the richer option: the person's page, their voice, their name across meetings).
 */
export function RenameSpeakerDialog({
  meetingId,
  speaker,
  onOpenChange,
}: {
  meetingId: string;
  speaker: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const rename = useRenameSpeaker(meetingId);
  const [name, setName] = useState('');
  const nameId = useId();
  const open = speaker !== null;
  const { error, attempt } = useActionError(open);

  useEffect(() => {
    if (open) setName('');
  }, [open]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!speaker || !name.trim()) return;
    await attempt(async () => {
      await rename.mutateAsync({ speaker, name });
      onOpenChange(false);
    }, 'Failed to rename the speaker');
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !rename.isPending && onOpenChange(next)}>
      <DialogContent>
        <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Rename Speaker">
          <DialogHeader>
            <DialogTitle>Rename Speaker</DialogTitle>
            <DialogDescription>
              Every segment of <strong className="text-foreground">{speaker}</strong> in this meeting takes the new
              name. To follow a person across meetings, assign the speaker to a person instead.
            </DialogDescription>
          </DialogHeader>
          <FormField id={nameId} label="Name">
            <Input
              id={nameId}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              maxLength={SPEAKER_NAME_MAX}
              autoFocus
            />
          </FormField>
          <ErrorAlert message={error} />
          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            submitLabel="Rename"
            pendingLabel="Renaming..."
            pending={rename.isPending}
            submitDisabled={!name.trim()}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
