import type { Meeting } from '@parley/contract';
import { ArrowLeft, CalendarDays, Clock, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LiveTranscript } from '@/components/live-transcript';
import { PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { PageBreadcrumb } from '@/components/page-breadcrumb';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { DelayedSpinner, Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ActionItemsTab } from '@/features/action-items';
import { CopyTranscriptButton, ExportMenu } from '@/features/export';
import { DeleteMeetingDialog, MeetingStatusBadge, useMeeting } from '@/features/meetings';
// What only this page shows comes from its own file, not the feature's index.ts: the shell imports that index,
// and the bundler keeps every module an index names (top-level schemas count as side effects).
import { DeleteRecordingButton } from '@/features/meetings/components/DeleteRecordingButton';
import { MeetingAudioPlayer } from '@/features/meetings/components/MeetingAudioPlayer';
import { RenameMeetingButton } from '@/features/meetings/components/RenameMeetingDialog';
import { useMeetingPlayback } from '@/features/meetings/hooks/use-meeting-playback';
import { useProject } from '@/features/projects';
import { AskBox, MeetingSearch } from '@/features/search';
import { ShareMeetingButton } from '@/features/shares';
import { SummaryTab } from '@/features/summary';
import { TranscriptTab } from '@/features/transcript';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, formatDuration } from '@/lib/format';
import { useLiveTranscript } from '@/lib/live-transcript';
import { canEdit } from '@/lib/project-roles';

/** `?t=` holds a start time in seconds (spec section 2). */
function parseStart(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

export default function MeetingDetailPage() {
  const { projectId = '', meetingId = '' } = useParams();
  const meeting = useMeeting(projectId, meetingId);
  useDocumentTitle(meeting.data?.title || 'Meeting');

  if (meeting.isPending) return <DelayedSpinner label="Loading meeting" />;
  if (meeting.isError) {
    const notFound = meeting.error instanceof ApiError && meeting.error.status === 404;
    return (
      <PageContainer className="grid max-w-xl gap-4">
        <Alert variant="destructive">
          <AlertDescription>
            {notFound ? 'Meeting not found' : errorMessage(meeting.error, 'Failed to load meeting')}
          </AlertDescription>
        </Alert>
        <Button asChild variant="outline" className="justify-self-start">
          <Link to="/">Return to Home</Link>
        </Button>
      </PageContainer>
    );
  }
  // Keyed: another meeting opened from this page (a citation) gets its own player state.
  return <MeetingDetail key={meeting.data._id} projectId={projectId} meeting={meeting.data} />;
}

function MeetingBreadcrumb({ projectId, title }: { projectId: string; title: string }) {
  const project = useProject(projectId);
  return (
    <PageBreadcrumb
      className="mb-4"
      links={[
        { label: 'Home', to: '/' },
        { label: 'Projects', to: '/projects' },
        { label: project.data?.name || 'Project', to: `/projects/${encodeURIComponent(projectId)}`, truncate: true },
      ]}
      current={title || 'Meeting'}
    />
  );
}

/** A meeting still being recorded (in another tab or on another device): its words as they are said. */
function LiveRecording({ meetingId }: { meetingId: string }) {
  const live = useLiveTranscript(meetingId);
  return (
    <div className="mb-6 grid gap-2 rounded-lg border p-4">
      <div className="flex items-center gap-2 text-sm font-medium">
        <MeetingStatusBadge status="pending" recording />
        Being recorded: the transcript follows as people speak.
      </div>
      <LiveTranscript transcript={live.transcript} />
    </div>
  );
}

function TranscriptionProgress({ meeting }: { meeting: Meeting }) {
  if (meeting.recordingState === 'recording') return <LiveRecording meetingId={meeting._id} />;
  if (meeting.transcriptionStatus === 'pending' || meeting.transcriptionStatus === 'processing') {
    return (
      <div className="mb-6 grid gap-2 rounded-lg border p-4">
        <div className="flex items-center gap-2">
          <Badge variant="info">
            <Spinner className="[&_svg]:size-3" label="Transcribing" />
            Processing...
          </Badge>
          <span className="text-muted-foreground text-sm tabular-nums">{meeting.transcriptionProgress}%</span>
        </div>
        <Progress value={meeting.transcriptionProgress} aria-label="Transcription progress" />
      </div>
    );
  }
  if (meeting.transcriptionStatus === 'failed' && meeting.transcriptionError) {
    return (
      <Alert variant="destructive" className="mb-6">
        <AlertDescription>{meeting.transcriptionError}</AlertDescription>
      </Alert>
    );
  }
  // what was done with the recording (a file of more than two channels heard as one mix, decision 271)
  if (meeting.transcriptionStatus === 'completed' && meeting.transcriptionNotice) {
    return (
      <Alert className="mb-6">
        <AlertDescription>{meeting.transcriptionNotice}</AlertDescription>
      </Alert>
    );
  }
  return null;
}

function MeetingDetail({ projectId, meeting }: { projectId: string; meeting: Meeting }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const playback = useMeetingPlayback(parseStart(searchParams.get('t')), location.key);
  const [deleting, setDeleting] = useState<Meeting | null>(null);
  const project = useProject(projectId);
  const projectPath = `/projects/${encodeURIComponent(projectId)}`;
  const created = formatDateTime(meeting.createdAt);
  // A viewer reads, plays, searches, asks and exports: nothing that writes is offered (issue 37).
  const edits = project.data ? canEdit(project.data.role) : false;

  return (
    <PageContainer>
      <MeetingBreadcrumb projectId={projectId} title={meeting.title} />
      <PageHeader
        title={meeting.title || 'Untitled Meeting'}
        description={
          <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              Created on {created || 'Unknown date'}
            </span>
            {meeting.duration > 0 && (
              <span className="inline-flex items-center gap-1.5">
                <Clock className="size-3.5" aria-hidden="true" />
                <span className="sr-only">Duration </span>
                {formatDuration(meeting.duration)}
              </span>
            )}
            {(meeting.transcriptionStatus === 'completed' || meeting.transcriptionStatus === 'failed') && (
              <MeetingStatusBadge status={meeting.transcriptionStatus} />
            )}
          </span>
        }
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={projectPath}>
                <ArrowLeft aria-hidden="true" />
                Back to project
              </Link>
            </Button>
            <ExportMenu meeting={meeting} />
            {edits && (
              <>
                <ShareMeetingButton meeting={meeting} />
                <RenameMeetingButton projectId={projectId} meeting={meeting} />
                <Button variant="outline" onClick={() => setDeleting(meeting)} aria-label="Delete meeting">
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </>
            )}
          </>
        }
      />
      <TranscriptionProgress meeting={meeting} />
      {/* A meeting imported from a transcript alone has no recording to play. */}
      {meeting.metadata.audio && (
        <MeetingAudioPlayer
          projectId={projectId}
          meetingId={meeting._id}
          durationSeconds={meeting.duration}
          playback={playback}
        />
      )}
      {edits &&
        meeting.metadata.audio &&
        (meeting.transcriptionStatus === 'completed' || meeting.transcriptionStatus === 'failed') && (
          <div className="mt-2 flex justify-end">
            <DeleteRecordingButton projectId={projectId} meeting={meeting} />
          </div>
        )}
      {meeting.audioDeletedAt && (
        <p className="text-muted-foreground text-sm">Recording deleted on {formatDate(meeting.audioDeletedAt)}</p>
      )}

      <Tabs defaultValue="transcription" className="mt-4">
        <TabsList>
          <TabsTrigger value="transcription">Transcription</TabsTrigger>
          <TabsTrigger value="summary">Summary</TabsTrigger>
          <TabsTrigger value="action-items">Action Items</TabsTrigger>
        </TabsList>
        <TabsContent value="transcription">
          <TranscriptTab
            projectId={projectId}
            meetingId={meeting._id}
            status={meeting.transcriptionStatus}
            transcriptionError={meeting.transcriptionError}
            playback={{ ...playback, hasAudio: Boolean(meeting.metadata.audio) }}
            searchSlot={(onActiveChange) => (
              <div className="grid gap-3">
                <MeetingSearch meetingId={meeting._id} onSeek={playback.seek} onActiveChange={onActiveChange} />
                <AskBox projectId={projectId} meetingId={meeting._id} label="Ask a question about this meeting" />
              </div>
            )}
            actions={<CopyTranscriptButton meetingId={meeting._id} />}
            readOnly={!edits}
          />
        </TabsContent>
        <TabsContent value="summary">
          <SummaryTab
            projectId={projectId}
            meeting={meeting}
            defaultTemplateId={project.data?.summaryTemplateId}
            onSeek={playback.seek}
            readOnly={!edits}
          />
        </TabsContent>
        <TabsContent value="action-items">
          <ActionItemsTab projectId={projectId} meeting={meeting} onSeek={playback.seek} readOnly={!edits} />
        </TabsContent>
      </Tabs>

      <DeleteMeetingDialog
        meeting={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={() => navigate(projectPath, { replace: true })}
      />
    </PageContainer>
  );
}
