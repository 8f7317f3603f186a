import type { SummaryTemplate } from '@parley/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSummaryTemplates } from '@/api/summary-templates/get-summary-templates';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DelayedSpinner } from '@/components/ui/spinner';
import { useActionError } from '@/hooks/use-action-error';
import { errorMessage } from '@/lib/api-client';
import { useDeleteSummaryTemplate } from '../api/summary-templates';
import { TemplateCard } from './TemplateCard';
import { type TemplateDraft, TemplateFormDialog } from './TemplateFormDialog';

/** The user's summary templates (docs/decisions/147): list, create, edit, duplicate, delete. */
export default function SummaryTemplatesPage() {
  useDocumentTitle('Summary templates');
  const templates = useSummaryTemplates();
  const remove = useDeleteSummaryTemplate();
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const [deleting, setDeleting] = useState<SummaryTemplate | null>(null);
  const { error: deleteError, attempt } = useActionError(deleting !== null);

  const confirmDelete = (template: SummaryTemplate) =>
    attempt(async () => {
      await remove.mutateAsync(template._id);
      setDeleting(null);
    }, 'Failed to delete the template');

  return (
    <PageContainer className="grid max-w-3xl gap-6">
      <PageHeader
        title="Summary templates"
        description="What a summary holds: each section is a heading with an instruction. Pick a template on a meeting's Summary tab; a project can have a default one."
        className="mb-0"
        actions={
          <Button onClick={() => setDraft({ mode: 'create' })}>
            <Plus aria-hidden="true" />
            New template
          </Button>
        }
      />
      {templates.isPending ? (
        <DelayedSpinner label="Loading templates" />
      ) : templates.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(templates.error, 'Failed to load summary templates')}</AlertDescription>
        </Alert>
      ) : (
        <div className="grid gap-4">
          {templates.data.map((template) => (
            <TemplateCard
              key={template._id}
              template={template}
              onCopy={() => setDraft({ mode: 'copy', template })}
              onEdit={() => setDraft({ mode: 'edit', template })}
              onDelete={() => setDeleting(template)}
            />
          ))}
          {templates.data.every((t) => t.builtIn) && (
            <p className="text-muted-foreground text-sm">
              You have no templates of your own yet: create one, or duplicate the built-in one to adapt it.
            </p>
          )}
        </div>
      )}

      <TemplateFormDialog draft={draft} onOpenChange={(open) => !open && setDraft(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete template"
        description={`"${deleting?.name ?? ''}" will be deleted. Projects that use it as their default go back to the built-in template; summaries already written stay. This action cannot be undone.`}
        pending={remove.isPending}
        error={deleteError}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </PageContainer>
  );
}
