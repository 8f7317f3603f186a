import type { Person } from '@parley/contract';
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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Person</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete <strong className="text-foreground">{person?.name}</strong>? This action
            cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deletePerson.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={deletePerson.isPending}>
            {deletePerson.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
