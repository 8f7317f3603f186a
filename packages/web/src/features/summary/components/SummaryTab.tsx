import type { Meeting } from '@parley/contract';
import { AlertCircle, RefreshCw, Sparkles } from 'lucide-react';
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
        <div
          role="alert"
          className="border-destructive/40 grid justify-items-center gap-2 rounded-xl border px-6 py-10 text-center"
        >
          <AlertCircle className="text-destructive size-8" aria-hidden="true" />
          <h3 className="font-semibold">Failed to Generate Summary</h3>
          <p className="text-muted-foreground text-sm break-words">{state.message}</p>
          <Button onClick={() => void start()}>Try Again</Button>
        </div>
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
