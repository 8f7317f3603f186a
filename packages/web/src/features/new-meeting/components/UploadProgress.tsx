import { ErrorAlert } from '@/components/error-alert';
import { Progress } from '@/components/ui/progress';
import type { SubmitMeeting } from '../hooks/use-submit-meeting';

/** The real upload progress (bytes sent), then the creation error if there is one. */
export function SubmitStatus({ submit }: { submit: SubmitMeeting }) {
  return (
    <>
      {submit.isPending && submit.progress !== null && (
        <div className="grid gap-1.5">
          <div className="flex justify-between text-sm">
            <span>{submit.progress < 100 ? 'Uploading...' : 'Processing upload...'}</span>
            <span className="text-muted-foreground tabular-nums">{submit.progress}%</span>
          </div>
          <Progress value={submit.progress} aria-label="Upload progress" />
        </div>
      )}
      <ErrorAlert message={submit.error} />
    </>
  );
}
