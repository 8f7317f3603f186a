import type { Meeting, SummaryStreamRequest } from '@parley/contract';
import { RefreshCw, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useSummaryTemplates } from '@/api/summary-templates/get-summary-templates';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FailureState } from '@/components/failure-state';
import { EmptyState } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PROJECT_DEFAULT_ELSEWHERE, resolveTemplateId } from '@/lib/summary-templates';
import { useSummaryStream } from '../hooks/use-summary-stream';
import { Markdown } from './Markdown';
import { type SummaryChoice, SummaryOptions } from './SummaryOptions';

export const TRANSCRIPT_NEEDED = 'Available once the transcription is completed.';

/**
 * The Summary tab (spec section 2): stored summary, live stream, empty state, failure with Try Again.
 * Generate, Regenerate and Try Again follow the template and language picked above (docs/decisions/147).
 */
export function SummaryTab({
  projectId,
  meeting,
  defaultTemplateId,
  onSeek,
  readOnly = false,
}: {
  projectId: string;
  meeting: Meeting;
  /** The project's default template (null or absent: the built-in one). */
  defaultTemplateId?: string | null;
  onSeek: (ms: number) => void;
  /** For a project's viewers: the summary to read, nothing that generates one (issue 37). */
  readOnly?: boolean;
}) {
  const { state, start } = useSummaryStream(projectId, meeting._id);
  const templates = useSummaryTemplates();
  const [picked, setPicked] = useState<SummaryChoice | null>(null);
  const transcribed = meeting.transcriptionStatus === 'completed';
  const generating = state.status === 'streaming';
  const choice = picked ?? { templateId: resolveTemplateId(templates.data, defaultTemplateId), language: '' };
  // Without the list (still loading, or failed), or for a default that is another member's, the server
  // falls back to the project's default itself.
  const options: SummaryStreamRequest = templates.data
    ? {
        ...(choice.templateId !== PROJECT_DEFAULT_ELSEWHERE && { templateId: choice.templateId }),
        ...(choice.language && { language: choice.language }),
      }
    : {};
  const generate = () => void start(options);
  // A summary already there (perhaps read, shared or corrected) is replaced only once the user says so.
  const [confirming, setConfirming] = useState(false);

  return (
    <section aria-labelledby="summary-heading" className="grid gap-4" aria-busy={generating || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="summary-heading" className="text-muted-foreground text-sm">
          AI-generated meeting summary
        </h2>
        {!readOnly && (meeting.summary || generating) && state.status !== 'error' && (
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={generating || !transcribed}>
            <RefreshCw aria-hidden="true" />
            {generating ? 'Generating...' : 'Regenerate'}
          </Button>
        )}
      </div>

      {!readOnly && templates.data && (
        <SummaryOptions
          templates={templates.data}
          projectDefault={defaultTemplateId}
          choice={choice}
          onChange={setPicked}
          disabled={generating}
        />
      )}

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
          action={<Button onClick={generate}>Try Again</Button>}
        />
      ) : meeting.summary ? (
        <Markdown onSeek={onSeek}>{meeting.summary}</Markdown>
      ) : (
        <EmptyState
          icon={Sparkles}
          title="No Summary Available"
          description={
            readOnly
              ? 'No summary has been generated for this meeting yet.'
              : "Generate an AI summary of this meeting's transcription."
          }
          action={
            !readOnly && (
              <div className="grid justify-items-center gap-2">
                <Button onClick={generate} disabled={!transcribed}>
                  Generate Summary
                </Button>
                {!transcribed && <p className="text-muted-foreground text-xs">{TRANSCRIPT_NEEDED}</p>}
              </div>
            )
          }
        />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && setConfirming(false)}
        title="Regenerate Summary"
        description="The current summary, with any changes made to it, is replaced by a new one."
        confirmLabel="Regenerate"
        pending={false}
        error={null}
        onConfirm={() => {
          setConfirming(false);
          generate();
        }}
      />
    </section>
  );
}
