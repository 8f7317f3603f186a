import type { Project } from '@parley/contract';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { PageBreadcrumb } from '@/components/page-breadcrumb';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DelayedSpinner } from '@/components/ui/spinner';
import { MeetingsQueryGrid, useProjectMeetings } from '@/features/meetings';
import { useStartNewMeeting } from '@/features/new-meeting';
import { useProject } from '@/features/projects';
// What only this page shows comes from its own file, not the feature's index.ts: the shell imports that index,
// and the bundler keeps every module an index names (top-level schemas count as side effects).
import { DeleteProjectDialog } from '@/features/projects/components/DeleteProjectDialog';
import { MembersDialog } from '@/features/projects/components/MembersDialog';
import { ProjectFormDialog } from '@/features/projects/components/ProjectFormDialog';
import { RetentionSetting } from '@/features/projects/components/RetentionSetting';
import { SummaryTemplateSetting } from '@/features/projects/components/SummaryTemplateSetting';
import { AskBox, ProjectSearch } from '@/features/search';
import { errorMessage } from '@/lib/api-client';
import { canEdit, canManage, ROLE_LABELS } from '@/lib/project-roles';

export default function ProjectDetailPage() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  useDocumentTitle(project.data?.name ?? 'Project');

  if (project.isPending) return <DelayedSpinner label="Loading project" />;
  if (project.isError) {
    return (
      <PageContainer className="grid max-w-xl gap-4">
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(project.error, 'Failed to load project details')}</AlertDescription>
        </Alert>
        <Button asChild variant="outline" className="justify-self-start">
          <Link to="/projects">Back to Projects</Link>
        </Button>
      </PageContainer>
    );
  }
  return <ProjectDetail project={project.data} />;
}

function ProjectDetail({ project }: { project: Project }) {
  const navigate = useNavigate();
  const meetings = useProjectMeetings(project._id);
  const startNewMeeting = useStartNewMeeting();
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [membersOpen, setMembersOpen] = useState(false);
  // Only what the caller's role may do is offered (the server refuses the rest with 403).
  const manages = canManage(project.role);
  const edits = canEdit(project.role);

  return (
    <PageContainer>
      <PageBreadcrumb className="mb-4" links={[{ label: 'Projects', to: '/projects' }]} current={project.name} />
      <PageHeader
        title={project.name}
        description={project.description || 'No description'}
        actions={
          <>
            <Badge variant="secondary" aria-label={`Your role: ${ROLE_LABELS[project.role]}`}>
              {ROLE_LABELS[project.role]}
            </Badge>
            <Button variant="outline" onClick={() => setMembersOpen(true)}>
              <Users aria-hidden="true" />
              Members
            </Button>
            {manages && (
              <>
                <Button variant="outline" onClick={() => setEditOpen(true)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                <Button variant="outline" onClick={() => setDeleting(project)}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </>
            )}
            {edits && (
              <Button onClick={() => startNewMeeting(project._id)}>
                <Plus aria-hidden="true" />
                New Meeting
              </Button>
            )}
          </>
        }
      />

      <div className="mb-6 grid gap-3">
        <ProjectSearch projectId={project._id} />
        <AskBox projectId={project._id} label="Ask a question about this project's meetings" />
      </div>

      <section aria-labelledby="project-meetings-heading" className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="project-meetings-heading" className="text-lg font-semibold">
            Meetings
          </h2>
        </div>
        <MeetingsQueryGrid
          meetings={meetings}
          emptyDescription="Record or upload a meeting to add it to this project."
        />
      </section>

      {/* Below the meetings: what a visit comes for first, on a phone most of all. */}
      {manages && (
        <section aria-label="Project settings" className="mt-8 grid gap-4">
          <SummaryTemplateSetting project={project} />
          <RetentionSetting project={project} />
        </section>
      )}

      <MembersDialog project={project} open={membersOpen} onOpenChange={setMembersOpen} />
      <ProjectFormDialog open={editOpen} onOpenChange={setEditOpen} project={project} />
      <DeleteProjectDialog
        project={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={() => navigate('/projects', { replace: true })}
      />
    </PageContainer>
  );
}
