import type { Person } from '@parley/contract';
import { LIMITS, PersonName } from '@parley/contract';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { FormDialogFooter } from '@/components/form-dialog-footer';
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
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useActionError } from '@/hooks/use-action-error';
import { personLabel } from '@/lib/person-label';
import { useAssignSegment, useAssignSpeaker, useCreatePersonAndAssign } from '../api/assign-speaker';

/** 'Delete Transcription': one segment. */
export function DeleteSegmentDialog({
  open,
  pending,
  error,
  onConfirm,
  onOpenChange,
}: {
  open: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title="Delete Transcription"
      description="This segment will be removed from the transcript. This action cannot be undone."
      pending={pending}
      error={error}
      onConfirm={onConfirm}
    />
  );
}

export interface SpeakerAssignment {
  speaker: string;
  person: Pick<Person, '_id' | 'name' | 'company'>;
  /** Set when the person was chosen on one segment: the dialog then asks whether only it changes. */
  segmentId?: string;
}

/**
 * 'Assign Speaker to Person': every segment with the speaker label changes, so it asks first. Chosen on
 * one segment, it also offers 'Only this segment' (a segment the speaker stage gave the wrong label).
 */
export function AssignSpeakerDialog({
  meetingId,
  assignment,
  onOpenChange,
}: {
  meetingId: string;
  assignment: SpeakerAssignment | null;
  onOpenChange: (open: boolean) => void;
}) {
  const assignAll = useAssignSpeaker(meetingId);
  const assignOne = useAssignSegment(meetingId);
  const [onlyThis, setOnlyThis] = useState(false);
  const open = assignment !== null;
  const { error, attempt } = useActionError(open);
  const pending = assignAll.isPending || assignOne.isPending;
  useEffect(() => {
    if (open) setOnlyThis(false);
  }, [open]);

  const confirm = async () => {
    if (!assignment) return;
    await attempt(async () => {
      if (onlyThis && assignment.segmentId)
        await assignOne.mutateAsync({ segmentId: assignment.segmentId, personId: assignment.person._id });
      else await assignAll.mutateAsync(assignment);
      onOpenChange(false);
    }, 'Failed to assign speaker to person');
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Assign Speaker to Person</AlertDialogTitle>
          <AlertDialogDescription>
            Assign <strong className="text-foreground">{assignment?.speaker}</strong> to{' '}
            <strong className="text-foreground">{assignment ? personLabel(assignment.person) : ''}</strong>?{' '}
            {onlyThis
              ? 'Only this segment will be updated; the other segments of this speaker stay as they are.'
              : 'All transcriptions with this speaker will be updated. This will affect multiple segments in this meeting.'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {assignment?.segmentId && (
          <fieldset className="grid gap-2 text-sm" disabled={pending}>
            <legend className="sr-only">Which segments</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="assign-scope" checked={onlyThis} onChange={() => setOnlyThis(true)} />
              Only this segment
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="assign-scope" checked={!onlyThis} onChange={() => setOnlyThis(false)} />
              All segments of {assignment.speaker}
            </label>
          </fieldset>
        )}
        <ErrorAlert message={error} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button onClick={confirm} disabled={pending}>
            {pending ? 'Assigning...' : 'Confirm'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** 'Add New Person': creates a contact from the meeting and assigns the speaker to it. */
export function AddPersonDialog({
  meetingId,
  speaker,
  initialName = '',
  onOpenChange,
}: {
  meetingId: string;
  speaker: string | null;
  /** A name said in the meeting ('Create person David'). */
  initialName?: string;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreatePersonAndAssign(meetingId);
  const [name, setName] = useState('');
  const [company, setCompany] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const nameId = useId();
  const companyId = useId();
  const open = speaker !== null;
  const { error, attempt } = useActionError(open);

  useEffect(() => {
    if (open) {
      setName(initialName);
      setCompany('');
      setNameError(null);
    }
  }, [open, initialName]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!speaker || !name.trim()) return;
    const checked = PersonName.safeParse(name);
    setNameError(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (!checked.success) return;
    await attempt(async () => {
      await create.mutateAsync({ speaker, name, company });
      onOpenChange(false);
    }, 'Failed to create person and assign speaker');
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent>
        <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Add New Person">
          <DialogHeader>
            <DialogTitle>Add New Person</DialogTitle>
            <DialogDescription>
              Create a contact and assign <strong className="text-foreground">{speaker}</strong> to them.
            </DialogDescription>
          </DialogHeader>
          <FormField id={nameId} label="Name" error={nameError ?? undefined}>
            <Input
              {...fieldProps(nameId, nameError ?? undefined)}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              maxLength={LIMITS.personName.max}
              autoFocus
            />
          </FormField>
          <FormField id={companyId} label="Company (optional)">
            <Input
              id={companyId}
              value={company}
              onChange={(event) => setCompany(event.target.value)}
              maxLength={LIMITS.personCompanyMax}
            />
          </FormField>
          <ErrorAlert message={error} />
          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            submitLabel="Create & Assign"
            pendingLabel="Creating..."
            pending={create.isPending}
            submitDisabled={!name.trim()}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
