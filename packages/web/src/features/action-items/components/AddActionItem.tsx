import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { meetingKeys } from '@/api/meetings/keys';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useCreateActionItem } from '../api/create-action-item';
import { ActionItemEditor } from './ActionItemEditor';

/** 'Add Action Item': a task written by hand (source manual), kept by every regeneration. */
export function AddActionItem({ projectId, meetingId }: { projectId: string; meetingId: string }) {
  const [open, setOpen] = useState(false);
  const create = useCreateActionItem(projectId, meetingId);
  const queryClient = useQueryClient();

  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        Add Action Item
      </Button>
    );
  }
  return (
    <div className="bg-card grid w-full gap-2 rounded-lg border p-3 text-left sm:p-4">
      <ErrorAlert
        message={
          create.error ? errorMessage(create.error, 'Failed to add action item', 'Unable to add action item') : null
        }
      />
      <ActionItemEditor
        projectId={projectId}
        pending={create.isPending}
        saveLabel="Add"
        onCancel={() => setOpen(false)}
        onSave={(fields) =>
          create.mutate(
            { ...fields, assignee: fields.assignee ?? undefined },
            {
              onSuccess: () => {
                setOpen(false);
                // The first item of a meeting never generated gives it a list (status completed on the server).
                void queryClient.invalidateQueries({ queryKey: meetingKeys.detail(projectId, meetingId) });
              },
            },
          )
        }
      />
    </div>
  );
}
