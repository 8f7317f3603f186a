import type { Person } from '@parley/contract';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
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
  const [error, setError] = useState<string | null>(null);
  const open = person !== null;

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const confirm = async () => {
    if (!person) return;
    setError(null);
    try {
      await deletePerson.mutateAsync(person._id);
      onOpenChange(false);
      onDeleted?.();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to delete person'));
    }
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
