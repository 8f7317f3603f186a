export { getProjectMeetings, projectMeetingsQueryOptions, useProjectMeetings } from './api/get-project-meetings';
export { getRecentMeetings, recentMeetingsQueryOptions, useRecentMeetings } from './api/get-recent-meetings';
export { meetingKeys } from './api/keys';
export { MeetingCard } from './components/MeetingCard';
export { MeetingStatusBadge } from './components/MeetingStatusBadge';
export { MeetingsGrid, MeetingsGridSkeleton } from './components/MeetingsGrid';
export { useStartNewMeeting } from './hooks/use-start-new-meeting';
export { meetingPath, projectIdOf } from './lib/meeting-links';
