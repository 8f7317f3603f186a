import { useParams } from 'react-router';
import { PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { SegmentText } from '@/components/segment-text';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { DelayedSpinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime, formatTimestamp } from '@/lib/format';
import { useSharedMeeting } from '../api/shares';

/** /s/{token}: a meeting shared by its owner, read without signing in; never indexed. */
export default function SharedMeetingPage() {
  const { token = '' } = useParams();
  const shared = useSharedMeeting(token);
  useDocumentTitle(shared.data?.meeting.title || 'Shared meeting');

  const noindex = <meta name="robots" content="noindex, nofollow" />;
  if (shared.isPending) return <DelayedSpinner label="Loading meeting" />;
  if (shared.isError) {
    const gone = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <PageContainer className="max-w-xl">
        {noindex}
        <Alert variant="destructive">
          <AlertDescription>
            {gone
              ? 'This link has expired or was revoked.'
              : errorMessage(shared.error, 'Failed to load the shared meeting')}
          </AlertDescription>
        </Alert>
      </PageContainer>
    );
  }
  const { meeting, transcript, actionItems, audioUrl } = shared.data;
  // wrap-anywhere: a long link or unbroken word in a task or a segment breaks instead of widening a phone's page.
  return (
    <PageContainer className="grid max-w-3xl gap-6 wrap-anywhere">
      {noindex}
      <PageHeader
        title={meeting.title || 'Untitled Meeting'}
        description={`Shared meeting · ${formatDateTime(meeting.createdAt)}`}
        className="mb-0"
      />
      {audioUrl && (
        // biome-ignore lint/a11y/useMediaCaption: the transcript below is the recording's text.
        <audio controls preload="metadata" src={audioUrl} aria-label="Recording" className="w-full" />
      )}
      <section aria-labelledby="shared-summary" className="grid gap-2">
        <h2 id="shared-summary" className="text-lg font-medium">
          Summary
        </h2>
        <p className="text-sm whitespace-pre-wrap">{meeting.summary || 'No summary yet.'}</p>
      </section>
      <section aria-labelledby="shared-actions" className="grid gap-2">
        <h2 id="shared-actions" className="text-lg font-medium">
          Action Items
        </h2>
        {actionItems.length === 0 ? (
          <p className="text-muted-foreground text-sm">No action items.</p>
        ) : (
          <ul className="list-disc pl-5 text-sm">
            {/* A shared item has no id (decision 172); the list never changes while the page is open. */}
            {actionItems.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list without ids.
              <li key={index}>
                {item.task}
                {item.assignee ? ` (${item.assignee})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="shared-transcript" className="grid gap-2">
        <h2 id="shared-transcript" className="text-lg font-medium">
          Transcript
        </h2>
        <ol className="grid gap-2 text-sm">
          {transcript.map((segment, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list without ids.
            <li key={index}>
              <span className="text-muted-foreground mr-2 text-xs">{formatTimestamp(segment.startTime)}</span>
              <span className="font-medium">{segment.speaker}:</span> <SegmentText text={segment.text} />
            </li>
          ))}
        </ol>
      </section>
    </PageContainer>
  );
}
