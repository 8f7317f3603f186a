import type { Meeting } from '@parley/contract';
import { RefreshCw, Sparkles } from 'lucide-react';
import { FailureState } from '@/components/failure-state';
import { EmptyState } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSummaryStream } from '../hooks/use-summary-stream';
import { Markdown } from './Markdown';

export const TRANSCRIPT_NEEDED = 'Available once the transcription is completed.';

/** The Summary tab (spec section 2): stored summary, live stream, empty state, failure with Try Again. */
export function SummaryTab({
  projectId,
  meeting,
  onSeek,
}: {
  projectId: string;
  meeting: Meeting;
  onSeek: (ms: number) => void;
}) {
  const { state, start } = useSummaryStream(projectId, meeting._id);
  const transcribed = meeting.transcriptionStatus === 'completed';
  const generating = state.status === 'streaming';

  return (
    <section aria-labelledby="summary-heading" className="grid gap-4" aria-busy={generating || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="summary-heading" className="text-muted-foreground text-sm">
          AI-generated meeting summary
        </h2>
        {(meeting.summary || generating) && state.status !== 'error' && (
          <Button variant="outline" size="sm" onClick={() => void start()} disabled={generating || !transcribed}>
            <RefreshCw aria-hidden="true" />
            {generating ? 'Generating...' : 'Regenerate'}
          </Button>
        )}
      </div>

      {state.status === 'streaming' ? (
        <div className="grid gap-3" aria-live="polite">
          <p className="text-muted-foreground flex items-center gap-2 text-sm">
            <Spinner className="[&_svg]:size-4" label="Generating" />
            Generating summary...
          </p>
          {state.text && <Markdown onSeek={onSeek}>{state.text}</Markdown>}
        </div>
      ) : state.status === 'error' ? (
        <FailureState
          title="Failed to Generate Summary"
          message={state.message}
          action={<Button onClick={() => void start()}>Try Again</Button>}
        />
      ) : meeting.summary ? (
        <Markdown onSeek={onSeek}>{meeting.summary}</Markdown>
      ) : (
        <EmptyState
          icon={Sparkles}
          title="No Summary Available"
          description="Generate an AI summary of this meeting's transcription."
          action={
            <div className="grid justify-items-center gap-2">
              <Button onClick={() => void start()} disabled={!transcribed}>
                Generate Summary
              </Button>
              {!transcribed && <p className="text-muted-foreground text-xs">{TRANSCRIPT_NEEDED}</p>}
            </div>
          }
        />
      )}
    </section>
  );
}
