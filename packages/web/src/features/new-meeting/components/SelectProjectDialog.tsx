import { FolderOpen, FolderPlus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useProjects } from '@/api/projects/get-projects';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { projectDetails } from '@/lib/project-label';
import { canEdit } from '@/lib/project-roles';

/** Said when every project the user is in was shared with them to view: they have projects, none to add to. */
export const VIEW_ONLY_PROJECTS =
  'The projects shared with you are yours to view only. Create a project of your own for this meeting.';

/** Step 1 of the New Meeting flow: pick the project, or go and create one. */
export function SelectProjectDialog({
  open,
  onOpenChange,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (projectId: string) => void;
}) {
  const projects = useProjects();
  const navigate = useNavigate();
  // Where a meeting may be added: not a project shared with the user to view only (issue 37).
  const editable = projects.data?.filter((project) => canEdit(project.role)) ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Select Project</DialogTitle>
          <DialogDescription>Choose the project this meeting belongs to.</DialogDescription>
        </DialogHeader>
        {projects.isPending ? (
          <Spinner label="Loading projects" className="text-muted-foreground justify-self-center" />
        ) : projects.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(projects.error, 'Failed to load projects')}</AlertDescription>
          </Alert>
        ) : editable.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            {projects.data.length === 0 ? 'You have no projects yet.' : VIEW_ONLY_PROJECTS}
          </p>
        ) : (
          <ul className="grid max-h-72 gap-2 overflow-y-auto" aria-label="Projects">
            {editable.map((project) => (
              <li key={project._id}>
                <button
                  type="button"
                  onClick={() => onSelect(project._id)}
                  className="hover:bg-accent focus-visible:ring-ring/50 flex w-full items-start gap-3 rounded-lg border p-3 text-left outline-none focus-visible:ring-[3px]"
                >
                  <FolderOpen className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span className="grid min-w-0">
                    <span className="truncate font-medium">{project.name}</span>
                    {project.description && (
                      <span className="text-muted-foreground truncate text-sm">{project.description}</span>
                    )}
                    <span className="text-muted-foreground text-xs">{projectDetails(project)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="outline"
          onClick={() => {
            onOpenChange(false);
            navigate('/projects');
          }}
        >
          <FolderPlus aria-hidden="true" />
          Create New Project
        </Button>
      </DialogContent>
    </Dialog>
  );
}
