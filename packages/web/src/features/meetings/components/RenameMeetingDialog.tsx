import { zodResolver } from '@hookform/resolvers/zod';
import { CreateMeetingFields, LIMITS, type Meeting } from '@parley/contract';
import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useRenameMeeting } from '@/api/meetings/rename-meeting';
import { ErrorAlert } from '@/components/error-alert';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormSubmit } from '@/hooks/use-form-submit';

const RenameSchema = z.object({ title: CreateMeetingFields.shape.title });
type RenameValues = z.input<typeof RenameSchema>;

/** The header's Rename button and its dialog: the title is required (trimmed), at most 200 characters. */
export function RenameMeetingButton({ projectId, meeting }: { projectId: string; meeting: Meeting }) {
  const [open, setOpen] = useState(false);
  const rename = useRenameMeeting();
  const form = useForm<RenameValues>({ resolver: zodResolver(RenameSchema), defaultValues: { title: meeting.title } });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset({ title: meeting.title });
  }, [open, meeting.title, form]);

  const { formError, onSubmit } = useFormSubmit(
    form,
    async ({ title }) => {
      await rename.mutateAsync({ projectId, meetingId: meeting._id, title: title.trim() });
      setOpen(false);
    },
    { open, failure: 'Failed to rename meeting' },
  );

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} aria-label="Rename meeting">
        <Pencil aria-hidden="true" />
        Rename
      </Button>
      <Dialog open={open} onOpenChange={(next) => !isSubmitting && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Rename Meeting</DialogTitle>
            <DialogDescription>Give this meeting a title you will recognise.</DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Rename Meeting">
            <ErrorAlert message={formError} />
            <FormField id="meeting-title" label="Title" error={errors.title?.message}>
              <Input
                {...fieldProps('meeting-title', errors.title?.message)}
                autoComplete="off"
                maxLength={LIMITS.meetingTitleMax}
                autoFocus
                {...form.register('title')}
              />
            </FormField>
            <FormDialogFooter
              onCancel={() => setOpen(false)}
              submitLabel="Save"
              pendingLabel="Saving..."
              pending={isSubmitting}
            />
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
