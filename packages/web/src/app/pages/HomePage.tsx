import { Plus } from 'lucide-react';
import { useCurrentUser } from '@/api/session/auth-context';
import { PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { Button } from '@/components/ui/button';
import { isNewAccount } from '@/features/auth';
import { MeetingsQueryGrid, useRecentMeetings } from '@/features/meetings';
import { useStartNewMeeting } from '@/features/new-meeting';

export default function HomePage() {
  useDocumentTitle('Home');
  const user = useCurrentUser();
  const meetings = useRecentMeetings(user._id);
  const startNewMeeting = useStartNewMeeting();
  const firstName = user.name.trim().split(/\s+/)[0];
  const greeting = isNewAccount(user._id) ? 'Welcome' : 'Welcome back';

  const newMeetingButton = (
    <Button onClick={() => startNewMeeting()}>
      <Plus aria-hidden="true" />
      New Meeting
    </Button>
  );

  return (
    <PageContainer>
      <PageHeader
        title={`${greeting}${firstName ? `, ${firstName}` : ''}`}
        description="Record or upload a meeting, then find it here."
        actions={newMeetingButton}
      />
      <section aria-labelledby="recent-meetings-heading" className="grid gap-4">
        <h2 id="recent-meetings-heading" className="text-lg font-semibold">
          Recent Meetings
        </h2>
        <MeetingsQueryGrid
          meetings={meetings}
          emptyDescription="Your latest meetings will show up here once you record or upload one."
          emptyAction={newMeetingButton}
        />
      </section>
    </PageContainer>
  );
}
