import type { Project } from '@parley/contract';
import { CalendarDays, FolderOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProjects } from '@/api/projects/get-projects';
import { EmptyState, PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cardLinkFocusRing } from '@/components/ui/card';
import { useDelayedFlag } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { canManage, ROLE_LABELS } from '@/lib/project-roles';
import { cn } from '@/lib/utils';
import { DeleteProjectDialog } from './DeleteProjectDialog';
import { ProjectActionsMenu } from './ProjectActionsMenu';
import { ProjectFormDialog } from './ProjectFormDialog';

function meetingCountLabel(count: number) {
  return count === 1 ? '1 meeting' : `${count} meetings`;
}

export default function ProjectsPage() {
  useDocumentTitle('Projects');
  const projects = useProjects();
  const showSkeleton = useDelayedFlag(projects.isPending);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Project | undefined>();
  const [deleting, setDeleting] = useState<Project | null>(null);

  const openCreate = () => {
    setEditing(undefined);
    setFormOpen(true);
  };
  const openEdit = (project: Project) => {
    setEditing(project);
    setFormOpen(true);
  };

  return (
    <PageContainer>
      <PageHeader
        title="Projects"
        description="Group related meetings into projects"
        actions={
          <Button onClick={openCreate}>
            <Plus aria-hidden="true" />
            New Project
          </Button>
        }
      />
      {projects.isPending ? (
        showSkeleton && (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
            {[0, 1, 2].map((key) => (
              <li key={key} className="bg-muted h-36 animate-pulse rounded-xl" />
            ))}
          </ul>
        )
      ) : projects.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(projects.error, 'Failed to load projects')}</AlertDescription>
        </Alert>
      ) : projects.data.length === 0 ? (
        <EmptyState
          icon={FolderOpen}
          title="No projects yet"
          description="Create a project to start organising your meetings."
          action={
            <Button onClick={openCreate}>
              <Plus aria-hidden="true" />
              Create Project
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {projects.data.map((project) => (
            <li key={project._id}>
              <article
                className={cn(
                  'bg-card relative flex h-full flex-col gap-3 rounded-xl border p-4 shadow-sm transition-[color,box-shadow] hover:shadow-md',
                  cardLinkFocusRing,
                )}
              >
                <div className="flex items-start justify-between gap-2">
                  <h2 className="min-w-0 font-medium wrap-anywhere">
                    <Link
                      to={`/projects/${encodeURIComponent(project._id)}`}
                      className="outline-none after:absolute after:inset-0 after:content-['']"
                    >
                      {project.name}
                    </Link>
                  </h2>
                  <div className="relative z-10 -mt-1 -mr-1 flex shrink-0 items-center gap-1">
                    <Badge variant={project.role === 'owner' ? 'outline' : 'info'}>{ROLE_LABELS[project.role]}</Badge>
                    {canManage(project.role) && (
                      <ProjectActionsMenu project={project} onEdit={openEdit} onDelete={setDeleting} />
                    )}
                  </div>
                </div>
                {project.description && (
                  <p className="text-muted-foreground line-clamp-2 text-sm wrap-anywhere">{project.description}</p>
                )}
                <div className="text-muted-foreground mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                  <span>{meetingCountLabel(project.meetingCount ?? 0)}</span>
                  <span className="inline-flex items-center gap-1.5">
                    <CalendarDays className="size-3.5" aria-hidden="true" />
                    <time dateTime={project.createdAt}>{formatDate(project.createdAt)}</time>
                  </span>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <ProjectFormDialog open={formOpen} onOpenChange={setFormOpen} project={editing} />
      <DeleteProjectDialog project={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </PageContainer>
  );
}
