import { Mic, Plus } from 'lucide-react';
import { EmptyState, PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useDelayedFlag } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { useStartNewMeeting } from '@/features/new-meeting';
import { errorMessage } from '@/lib/api-client';
import { useRecentMeetings } from '../api/get-recent-meetings';
import { ManagedMeetingsGrid } from './ManagedMeetingsGrid';
import { MeetingsGridSkeleton } from './MeetingsGrid';

export default function HomePage() {
  useDocumentTitle('Home');
  const user = useCurrentUser();
  const meetings = useRecentMeetings(user._id);
  const startNewMeeting = useStartNewMeeting();
  const showSkeleton = useDelayedFlag(meetings.isPending);
  const firstName = user.name.trim().split(/\s+/)[0];

  const newMeetingButton = (
    <Button onClick={() => startNewMeeting()}>
      <Plus aria-hidden="true" />
      New Meeting
    </Button>
  );

  return (
    <PageContainer>
      <PageHeader
        title={firstName ? `Welcome back, ${firstName}` : 'Welcome back'}
        description="Record or upload a meeting, then find it here."
        actions={newMeetingButton}
      />
      <section aria-labelledby="recent-meetings-heading" className="grid gap-4">
        <h2 id="recent-meetings-heading" className="text-lg font-semibold">
          Recent Meetings
        </h2>
        {meetings.isPending ? (
          showSkeleton && <MeetingsGridSkeleton />
        ) : meetings.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(meetings.error, 'Failed to load meetings')}</AlertDescription>
          </Alert>
        ) : meetings.data.length === 0 ? (
          <EmptyState
            icon={Mic}
            title="No meetings yet"
            description="Your latest meetings will show up here once you record or upload one."
            action={newMeetingButton}
          />
        ) : (
          <ManagedMeetingsGrid meetings={meetings.data} />
        )}
      </section>
    </PageContainer>
  );
}
