import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { DelayedSpinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime, formatDuration } from '@/lib/format';
import { useMeeting } from '../api/get-meeting';
import { MeetingStatusBadge } from './MeetingStatusBadge';

/**
 * The meeting detail route exists so links (recent meetings, person transcriptions) land somewhere
 * real. The transcript, summary and action-item tabs come with the meeting-detail issue.
 */
export default function MeetingPlaceholderPage() {
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

  const data = meeting.data;
  return (
    <PageContainer>
      <Breadcrumb className="mb-4">
        <BreadcrumbList>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to="/">Home</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to="/projects">Projects</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to={`/projects/${encodeURIComponent(projectId)}`}>Project</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbPage>{data.title || 'Meeting'}</BreadcrumbPage>
          </BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>
      <PageHeader
        title={data.title || 'Untitled Meeting'}
        description={
          <span className="flex flex-wrap items-center gap-3">
            <span>Created on {formatDateTime(data.createdAt) || 'Unknown date'}</span>
            {data.duration > 0 && <span>{formatDuration(data.duration)}</span>}
            <MeetingStatusBadge status={data.transcriptionStatus} />
          </span>
        }
      />
      <p className="text-muted-foreground text-sm">The transcript, summary and action items will appear here.</p>
      <Button asChild variant="outline" className="mt-6">
        <Link to={`/projects/${encodeURIComponent(projectId)}`}>
          <ArrowLeft aria-hidden="true" />
          Back to project
        </Link>
      </Button>
    </PageContainer>
  );
}
