import type { Meeting } from '@parley/contract';
import { ListChecks, Sparkles } from 'lucide-react';
import ReactMarkdown from 'react-markdown';
import { EmptyState } from '@/components/page';
import { Button } from '@/components/ui/button';

const NOT_YET = 'AI generation is not available on this server yet.';

/**
 * The Summary tab. Generating and streaming a summary arrive with the summary issue; until then a
 * stored summary is shown and the empty state explains why the button is off.
 */
export function MeetingSummaryTab({ meeting }: { meeting: Meeting }) {
  return (
    <section aria-labelledby="summary-heading" className="grid gap-4">
      <h2 id="summary-heading" className="text-muted-foreground text-sm">
        AI-generated meeting summary
      </h2>
      {meeting.summary ? (
        <div className="prose prose-sm max-w-none break-words [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_ul]:list-disc">
          <ReactMarkdown>{meeting.summary}</ReactMarkdown>
        </div>
      ) : (
        <EmptyState
          icon={Sparkles}
          title="No Summary Available"
          description="Generate an AI summary of this meeting's transcription."
          action={
            <div className="grid justify-items-center gap-2">
              <Button disabled title={NOT_YET}>
                Generate Summary
              </Button>
              <p className="text-muted-foreground text-xs">{NOT_YET}</p>
            </div>
          }
        />
      )}
    </section>
  );
}

/** The Action Items tab; generation and the item list arrive with the action-items issue. */
export function MeetingActionItemsTab() {
  return (
    <section aria-labelledby="action-items-heading" className="grid gap-4">
      <h2 id="action-items-heading" className="text-muted-foreground text-sm">
        Tasks and follow-ups from this meeting
      </h2>
      <EmptyState
        icon={ListChecks}
        title="No Action Items Yet"
        action={
          <div className="grid justify-items-center gap-2">
            <Button disabled title={NOT_YET}>
              Generate Action Items
            </Button>
            <p className="text-muted-foreground text-xs">{NOT_YET}</p>
          </div>
        }
      />
    </section>
  );
}
