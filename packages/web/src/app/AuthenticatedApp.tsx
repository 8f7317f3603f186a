import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { DelayedSpinner } from '@/components/ui/spinner';
import { NewMeetingProvider } from '@/features/new-meeting';
import { SUMMARY_TEMPLATES_PATH } from '@/lib/paths';
import { AppShell } from './shell/AppShell';

const HomePage = lazy(() => import('./pages/HomePage'));
const ProjectsPage = lazy(() => import('@/features/projects/components/ProjectsPage'));
const ProjectDetailPage = lazy(() => import('./pages/ProjectDetailPage'));
const MeetingPage = lazy(() => import('./pages/MeetingDetailPage'));
const PeoplePage = lazy(() => import('@/features/people/components/PeoplePage'));
const PersonDetailPage = lazy(() => import('@/features/people/components/PersonDetailPage'));
const GlobalSearchPage = lazy(() => import('@/features/search/components/GlobalSearchPage'));
const WebhooksPage = lazy(() => import('@/features/webhooks/components/WebhooksPage'));
const AdminPage = lazy(() => import('@/features/admin/components/AdminPage'));
const SummaryTemplatesPage = lazy(() => import('@/features/summary-templates/components/SummaryTemplatesPage'));

/** The signed-in routes of spec section 2; any other path goes to /. */
export function AuthenticatedRoutes() {
  return (
    <Suspense fallback={<DelayedSpinner label="Loading page" />}>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="projects" element={<ProjectsPage />} />
        <Route path="projects/:projectId" element={<ProjectDetailPage />} />
        <Route path="projects/:projectId/meetings/:meetingId" element={<MeetingPage />} />
        <Route path="people" element={<PeoplePage />} />
        <Route path="people/:personId" element={<PersonDetailPage />} />
        <Route path="webhooks" element={<WebhooksPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path={SUMMARY_TEMPLATES_PATH} element={<SummaryTemplatesPage />} />
        <Route path="search" element={<GlobalSearchPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}

export default function AuthenticatedApp() {
  return (
    <NewMeetingProvider>
      <AppShell>
        <AuthenticatedRoutes />
      </AppShell>
    </NewMeetingProvider>
  );
}
