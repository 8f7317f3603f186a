import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, type Project } from '@parley/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/error-alert';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useFormSubmit } from '@/hooks/use-form-submit';
import { useCreateProject } from '../api/create-project';
import { useUpdateProject } from '../api/update-project';
import {
  createProjectPayload,
  type ProjectFormOutput,
  ProjectFormSchema,
  type ProjectFormValues,
  updateProjectPayload,
} from '../lib/project-form';

interface ProjectFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Present to edit this project; absent to create one. */
  project?: Project;
  onSaved?: (project: Project) => void;
}

export function ProjectFormDialog({ open, onOpenChange, project, onSaved }: ProjectFormDialogProps) {
  const editing = Boolean(project);
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  const form = useForm<ProjectFormValues, unknown, ProjectFormOutput>({
    resolver: zodResolver(ProjectFormSchema),
    defaultValues: { name: '', description: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const name = form.watch('name') ?? '';
  const description = form.watch('description') ?? '';

  useEffect(() => {
    if (open) form.reset({ name: project?.name ?? '', description: project?.description ?? '' });
  }, [open, project, form]);

  const { formError, onSubmit } = useFormSubmit(
    form,
    async (values) => {
      const saved = project
        ? await updateProject.mutateAsync({ projectId: project._id, body: updateProjectPayload(values) })
        : await createProject.mutateAsync(createProjectPayload(values));
      onOpenChange(false);
      onSaved?.(saved);
    },
    { open, failure: editing ? 'Failed to update project' : 'Failed to create project' },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Project' : 'Create Project'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Update the project name and description.' : 'Projects group related meetings together.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <ErrorAlert message={formError} />
          <FormField id="project-name" label="Name" error={errors.name?.message}>
            <Input
              {...fieldProps('project-name', errors.name?.message)}
              placeholder="e.g. Weekly standups"
              maxLength={LIMITS.projectName.max}
              autoComplete="off"
              {...form.register('name')}
            />
          </FormField>
          <FormField
            id="project-description"
            label="Description (optional)"
            error={errors.description?.message}
            hint={`${description.length}/${LIMITS.projectDescriptionMax}`}
          >
            <Textarea
              {...fieldProps('project-description', errors.description?.message, true)}
              rows={3}
              maxLength={LIMITS.projectDescriptionMax}
              {...form.register('description')}
            />
          </FormField>
          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            submitLabel={editing ? 'Save Changes' : 'Create Project'}
            pendingLabel={editing ? 'Saving...' : 'Creating...'}
            pending={isSubmitting}
            submitDisabled={name.trim() === ''}
            cancelWhilePending
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
