import type { ActionItem, Meeting, UpdateActionItemRequest } from '@parley/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ListChecks, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { FailureState } from '@/components/failure-state';
import { EmptyState } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useActionError } from '@/hooks/use-action-error';
import { errorMessage } from '@/lib/api-client';
import { useDeleteActionItem } from '../api/delete-action-item';
import { useGenerateActionItems } from '../api/generate-action-items';
import { useActionItems } from '../api/get-action-items';
import { actionItemKeys } from '../api/keys';
import { useUpdateActionItem } from '../api/update-action-item';
import { GENERATION_FALLBACK_ERROR } from '../lib/status';
import { ActionItemCard } from './ActionItemCard';
import { AddActionItem } from './AddActionItem';

const TRANSCRIPT_NEEDED = 'Available once the transcription is completed.';

/** The Action Items tab (spec section 2): not_started, processing, completed (the list) and failed. */
export function ActionItemsTab({
  projectId,
  meeting,
  onSeek,
  readOnly = false,
}: {
  projectId: string;
  meeting: Meeting;
  onSeek: (ms: number) => void;
  /** For a project's viewers: the items to read, nothing that generates, adds or changes them (issue 37). */
  readOnly?: boolean;
}) {
  const generate = useGenerateActionItems(projectId, meeting._id);
  const [confirming, setConfirming] = useState(false);
  const status = meeting.actionItemsStatus;
  const transcribed = meeting.transcriptionStatus === 'completed';
  useReloadWhenCompleted(projectId, meeting._id, status);

  const start = () => generate.mutate();
  const startError = generate.error
    ? errorMessage(generate.error, 'Failed to generate action items', 'Unable to generate action items')
    : null;
  const generateButton = (label: string) => (
    <Button onClick={start} disabled={generate.isPending || !transcribed}>
      {generate.isPending ? 'Generating...' : label}
    </Button>
  );

  let body: React.ReactNode;
  if (status === 'processing') {
    body = (
      <div className="grid justify-items-center gap-3 rounded-xl border px-6 py-10 text-center" aria-live="polite">
        <Spinner className="[&_svg]:size-6" label="Generating" />
        <h3 className="font-semibold">Generating Action Items</h3>
        <p className="text-muted-foreground text-sm">
          Please wait while we analyze the meeting and extract action items...
        </p>
        <Progress value={meeting.actionItemsProgress} aria-label="Action items progress" className="max-w-sm" />
      </div>
    );
  } else if (status === 'failed' || (startError && status !== 'completed')) {
    body = (
      <FailureState
        title="Failed to Generate Action Items"
        message={startError ?? meeting.metadata.actionItems?.errorMessage ?? GENERATION_FALLBACK_ERROR}
        action={
          !readOnly && (
            <Button onClick={start} disabled={generate.isPending}>
              {generate.isPending ? 'Generating...' : 'Try Again'}
            </Button>
          )
        }
      />
    );
  } else if (status === 'completed') {
    body = (
      <ActionItemList
        projectId={projectId}
        meetingId={meeting._id}
        onSeek={onSeek}
        readOnly={readOnly}
        regenerate={
          !readOnly && (
            <Button onClick={() => setConfirming(true)} disabled={generate.isPending || !transcribed}>
              {generate.isPending ? 'Generating...' : 'Regenerate'}
            </Button>
          )
        }
        startError={startError}
      />
    );
  } else {
    body = (
      <EmptyState
        icon={ListChecks}
        title="No Action Items Yet"
        description={
          readOnly
            ? 'No action items have been extracted from this meeting yet.'
            : 'Extract the tasks and follow-ups agreed in this meeting.'
        }
        action={
          !readOnly && (
            <div className="grid justify-items-center gap-2">
              {generateButton('Generate Action Items')}
              {!transcribed && <p className="text-muted-foreground text-xs">{TRANSCRIPT_NEEDED}</p>}
              <AddActionItem projectId={projectId} meetingId={meeting._id} />
            </div>
          )
        }
      />
    );
  }

  return (
    <section aria-labelledby="action-items-heading" className="grid gap-4">
      <h2 id="action-items-heading" className="text-muted-foreground text-sm">
        Tasks and follow-ups from this meeting
      </h2>
      {body}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && setConfirming(false)}
        title="Regenerate Action Items"
        description="Items you edited, completed or added stay as they are; the others are replaced by what a new generation finds."
        confirmLabel="Regenerate"
        pendingLabel="Generating..."
        pending={generate.isPending}
        error={null}
        onConfirm={() => {
          setConfirming(false);
          start();
        }}
      />
    </section>
  );
}

/** When a generation finishes, the list is loaded (again) once (spec section 4). */
function useReloadWhenCompleted(projectId: string, meetingId: string, status: Meeting['actionItemsStatus']) {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current !== status && status === 'completed') {
      void queryClient.invalidateQueries({ queryKey: actionItemKeys.list(projectId, meetingId) });
    }
    previous.current = status;
  }, [status, projectId, meetingId, queryClient]);
}

function ActionItemList({
  projectId,
  meetingId,
  onSeek,
  regenerate,
  startError,
  readOnly,
}: {
  projectId: string;
  meetingId: string;
  onSeek: (ms: number) => void;
  readOnly: boolean;
  regenerate: React.ReactNode;
  startError: string | null;
}) {
  const items = useActionItems(projectId, meetingId, true);
  const update = useUpdateActionItem(projectId, meetingId);
  const remove = useDeleteActionItem(projectId, meetingId);
  const [savingId, setSavingId] = useState<string | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ActionItem | null>(null);
  const { error: deleteError, attempt } = useActionError(deleting !== null);

  const change = async (item: ActionItem, changes: UpdateActionItemRequest) => {
    setChangeError(null);
    setSavingId(item._id);
    try {
      await update.mutateAsync({ itemId: item._id, changes });
      return true;
    } catch (failure) {
      setChangeError(errorMessage(failure, 'Failed to update action item', 'Unable to update action item'));
      return false;
    } finally {
      setSavingId(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    await attempt(
      async () => {
        await remove.mutateAsync(deleting._id);
        setDeleting(null);
      },
      (failure) => errorMessage(failure, 'Failed to delete action item', 'Unable to delete action item'),
    );
  };

  if (items.isPending) {
    return (
      <p className="text-muted-foreground flex items-center gap-2 text-sm">
        <Spinner className="[&_svg]:size-4" label="Loading" />
        Loading action items...
      </p>
    );
  }
  if (items.isError) {
    return (
      <div className="grid justify-items-start gap-2">
        <ErrorAlert message={errorMessage(items.error, 'Failed to load action items', 'Unable to load action items')} />
        <Button variant="outline" onClick={() => void items.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">
          {items.data.length} action item{items.data.length === 1 ? '' : 's'}
        </p>
        <div className="flex gap-2 [&_button]:h-8 [&_button]:text-sm">{regenerate}</div>
      </div>
      {!readOnly && (
        <div className="flex [&>button]:h-8 [&>button]:text-sm">
          <AddActionItem projectId={projectId} meetingId={meetingId} />
        </div>
      )}
      <ErrorAlert message={startError ?? changeError} />
      {items.data.length === 0 ? (
        <EmptyState
          icon={RefreshCw}
          title="No Action Items Found"
          description="No action items were identified in this meeting."
        />
      ) : (
        <ul className="grid gap-2">
          {items.data.map((item) => (
            <ActionItemCard
              key={item._id}
              projectId={projectId}
              item={item}
              saving={savingId === item._id}
              onChange={(changes) => change(item, changes)}
              onDelete={() => setDeleting(item)}
              onSeek={onSeek}
              readOnly={readOnly}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title="Delete Action Item"
        description="This action item will be removed from the meeting. This action cannot be undone."
        pending={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
