import { useParams } from 'react-router';
import { AudioPlayer } from '@/components/audio-player';
import { PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { SegmentText } from '@/components/segment-text';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { DelayedSpinner } from '@/components/ui/spinner';
import { useMeetingPlayback } from '@/features/meetings/hooks/use-meeting-playback';
import { useSharedMeeting } from '@/features/shares';
import { Markdown } from '@/features/summary';
import { speakerColor } from '@/features/transcript';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime, formatTimestamp } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * /s/{token}: a meeting shared by its owner, read without signing in; never indexed. What clients see:
 * the summary rendered as the meeting page renders it, the app's player when the audio is shared (the
 * summary's and the transcript's times play from there), and each speaker in their colour.
 */
export default function SharedMeetingPage() {
  const { token = '' } = useParams();
  const shared = useSharedMeeting(token);
  const playback = useMeetingPlayback(null);
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
  // Without the audio a time is only a time: nothing to play.
  const seek = audioUrl ? playback.seek : () => undefined;
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
        <AudioPlayer
          src={audioUrl}
          label="Recording"
          knownDurationSeconds={meeting.duration}
          audioRef={playback.audioRef}
          audioProps={playback.audioProps}
          className="bg-background/95 sticky top-0 z-10 py-2 backdrop-blur"
        />
      )}
      <section aria-labelledby="shared-summary" className="grid gap-2">
        <h2 id="shared-summary" className="text-lg font-medium">
          Summary
        </h2>
        <Card>
          <CardContent>
            {meeting.summary ? (
              <Markdown onSeek={seek}>{meeting.summary}</Markdown>
            ) : (
              <p className="text-muted-foreground text-sm">No summary yet.</p>
            )}
          </CardContent>
        </Card>
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
        <ol className="grid gap-3 text-sm" aria-label="Transcript">
          {/* A shared segment has no id (decision 172); the list never changes while the page is open. */}
          {transcript.map((segment, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list without ids.
            <li key={index} className="grid gap-1">
              <div className="flex items-center gap-2">
                <span
                  className={cn('size-2.5 shrink-0 rounded-full', speakerColor(segment.speaker))}
                  data-testid="speaker-colour"
                  aria-hidden="true"
                />
                <span className="font-medium">{segment.speaker}</span>
                {audioUrl ? (
                  <button
                    type="button"
                    onClick={() => playback.seek(segment.startTime)}
                    className="text-primary font-mono text-xs underline-offset-2 hover:underline"
                    title="Play from here"
                  >
                    {formatTimestamp(segment.startTime)}
                  </button>
                ) : (
                  <span className="text-muted-foreground font-mono text-xs">{formatTimestamp(segment.startTime)}</span>
                )}
              </div>
              <p className="pl-4.5">
                <SegmentText text={segment.text} />
              </p>
            </li>
          ))}
        </ol>
      </section>
    </PageContainer>
  );
}
