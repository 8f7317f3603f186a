import type { Person } from '@parley/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useActionError } from '@/hooks/use-action-error';
import { useDeletePerson } from '../api/delete-person';

export function DeletePersonDialog({
  person,
  onOpenChange,
  onDeleted,
}: {
  person: Person | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const deletePerson = useDeletePerson();
  const open = person !== null;
  const { error, attempt } = useActionError(open);

  const confirm = async () => {
    if (!person) return;
    await attempt(async () => {
      await deletePerson.mutateAsync(person._id);
      onOpenChange(false);
      onDeleted?.();
    }, 'Failed to delete person');
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Person"
      description={
        <>
          Are you sure you want to delete <strong className="text-foreground">{person?.name}</strong>? This action
          cannot be undone.
        </>
      }
      pending={deletePerson.isPending}
      error={error}
      onConfirm={confirm}
    />
  );
}
