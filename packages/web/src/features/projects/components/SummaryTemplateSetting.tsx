import type { Project } from '@parley/contract';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useSummaryTemplates } from '@/api/summary-templates/get-summary-templates';
import { ErrorAlert } from '@/components/error-alert';
import { SummaryTemplateSelect } from '@/components/summary-template-select';
import { errorMessage } from '@/lib/api-client';
import { SUMMARY_TEMPLATES_PATH } from '@/lib/paths';
import { PROJECT_DEFAULT_ELSEWHERE, resolveTemplateId } from '@/lib/summary-templates';
import { useUpdateProject } from '../api/update-project';

/**
 * The project's default summary template (docs/decisions/143, 148): preselected on its meetings' Summary
 * tab. Saved as soon as it is picked, like a setting; the built-in one is sent as null.
 */
export function SummaryTemplateSetting({ project }: { project: Project }) {
  const templates = useSummaryTemplates();
  const update = useUpdateProject();
  if (!templates.data) return null;
  const current = resolveTemplateId(templates.data, project.summaryTemplateId);

  const onChange = (id: string) => {
    // Another owner's template, which stays the default until one of the user's is picked.
    if (id === PROJECT_DEFAULT_ELSEWHERE) return;
    const template = templates.data.find((t) => t._id === id);
    update.mutate(
      { projectId: project._id, body: { summaryTemplateId: template?.builtIn ? null : id } },
      { onSuccess: () => toast.success(`New summaries in this project follow "${template?.name}"`) },
    );
  };

  return (
    <div className="grid gap-2">
      <ErrorAlert message={update.isError ? errorMessage(update.error, 'Failed to save the default template') : null} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor="project-summary-template">Summary template</label>
        <SummaryTemplateSelect
          id="project-summary-template"
          className="w-auto max-w-full sm:max-w-xs"
          templates={templates.data}
          value={current}
          disabled={update.isPending}
          onChange={(e) => onChange(e.target.value)}
        />
        <Link to={SUMMARY_TEMPLATES_PATH} className="text-primary underline-offset-4 hover:underline">
          Manage templates
        </Link>
      </div>
      <p className="text-muted-foreground text-xs">
        Preselected when a summary of this project's meetings is generated.
      </p>
    </div>
  );
}
