import type { Project } from '@parley/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useActionError } from '@/hooks/use-action-error';
import { useUpdateProject } from '../api/update-project';

/** "Delete recordings after N days" (docs/decisions/173): empty keeps them; transcripts and notes always stay. */
export function RetentionSetting({ project }: { project: Project }) {
  const update = useUpdateProject();
  const [days, setDays] = useState(project.audioRetentionDays?.toString() ?? '');
  const { error, attempt } = useActionError();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    return attempt(async () => {
      const audioRetentionDays = days.trim() === '' ? null : Number(days);
      await update.mutateAsync({ projectId: project._id, body: { audioRetentionDays } });
      toast.success(
        audioRetentionDays ? `Recordings are deleted after ${audioRetentionDays} days` : 'Recordings are kept',
      );
    }, 'Failed to save the retention setting');
  };

  return (
    <form onSubmit={onSubmit} aria-label="Recording retention" className="grid gap-2">
      <ErrorAlert message={error} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor="retention-days">Delete recordings after</label>
        <Input
          id="retention-days"
          type="number"
          min={1}
          step={1}
          className="w-24"
          placeholder="never"
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <span>days</span>
        <Button type="submit" size="sm" variant="outline" disabled={update.isPending}>
          Save
        </Button>
      </div>
      <p className="text-muted-foreground text-xs">Transcripts, summaries and action items are kept.</p>
    </form>
  );
}
