import { zodResolver } from '@hookform/resolvers/zod';
import { SUMMARY_TEMPLATE_LIMITS, type SummaryTemplate } from '@parley/contract';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormSubmit } from '@/hooks/use-form-submit';
import { useSaveSummaryTemplate } from '../api/summary-templates';
import {
  EMPTY_SECTION,
  SUGGESTED_SECTIONS,
  type TemplateFormOutput,
  TemplateFormSchema,
  type TemplateFormValues,
  templateFormValues,
} from '../lib/template-form';
import { TemplateSectionFields } from './TemplateSectionFields';

/** What the dialog works on: a new template, a copy of one (saved as new), or one of the user's to edit. */
export type TemplateDraft = { mode: 'create' } | { mode: 'copy' | 'edit'; template: SummaryTemplate };

/** Name and sections (heading + instruction each): add, remove, reorder; validated with the API's schema. */
export function TemplateFormDialog({
  draft,
  onOpenChange,
}: {
  draft: TemplateDraft | null;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveSummaryTemplate();
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const form = useForm<TemplateFormValues, unknown, TemplateFormOutput>({
    resolver: zodResolver(TemplateFormSchema),
    defaultValues: templateFormValues(),
  });
  const sections = useFieldArray({ control: form.control, name: 'sections' });
  const { errors, isSubmitting, isDirty } = form.formState;
  // Closing (Cancel, Escape, the X, a click outside) with unsaved edits asks first: sections take a while to write.
  const close = () => (isDirty ? setConfirmingDiscard(true) : onOpenChange(false));
  const editing = draft?.mode === 'edit';

  useEffect(() => {
    if (!draft) return;
    form.reset(templateFormValues(draft.mode === 'create' ? undefined : draft.template, draft.mode === 'copy'));
  }, [draft, form]);

  const { formError, onSubmit } = useFormSubmit(
    form,
    async (body) => {
      await save.mutateAsync({ id: editing ? draft.template._id : undefined, body });
      onOpenChange(false);
    },
    {
      open: draft !== null,
      failure: editing ? 'Failed to update the template' : 'Failed to create the template',
      fields: 'all',
    },
  );

  const full = sections.fields.length >= SUMMARY_TEMPLATE_LIMITS.sections;
  const headings = (form.watch('sections') ?? []).map((s) => s.heading.trim().toLowerCase());
  const suggestions = SUGGESTED_SECTIONS.filter((s) => !headings.includes(s.heading.toLowerCase()));
  const sectionsError = errors.sections?.message ?? errors.sections?.root?.message;

  return (
    <Dialog open={draft !== null} onOpenChange={(open) => (open ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit template' : 'New template'}</DialogTitle>
          <DialogDescription>
            Each section becomes a heading of the summary; its instruction says what the section holds.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Summary template">
          <ErrorAlert message={formError} />
          <FormField id="template-name" label="Name" error={errors.name?.message}>
            <Input
              {...fieldProps('template-name', errors.name?.message)}
              placeholder="e.g. Customer call"
              maxLength={SUMMARY_TEMPLATE_LIMITS.nameMax}
              autoComplete="off"
              {...form.register('name')}
            />
          </FormField>

          <ol className="grid gap-3" aria-label="Sections">
            {sections.fields.map((field, index) => (
              <li key={field.id}>
                <TemplateSectionFields
                  form={form}
                  index={index}
                  count={sections.fields.length}
                  onMove={(to) => sections.move(index, to)}
                  onRemove={() => sections.remove(index)}
                />
              </li>
            ))}
          </ol>
          {sectionsError && (
            <p role="alert" className="text-destructive text-sm">
              {sectionsError}
            </p>
          )}

          <div className="grid gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={full}
              onClick={() =>
                sections.append({ ...EMPTY_SECTION }, { focusName: `sections.${sections.fields.length}.heading` })
              }
            >
              <Plus aria-hidden="true" />
              Add section
            </Button>
            {!full && suggestions.length > 0 && (
              <fieldset className="flex min-w-0 flex-wrap items-center gap-2 text-sm" aria-label="Suggested sections">
                <span className="text-muted-foreground text-xs">Suggestions:</span>
                {suggestions.map((suggestion) => (
                  <Button
                    key={suggestion.heading}
                    type="button"
                    variant="secondary"
                    size="sm"
                    className="h-7 px-2 text-xs"
                    aria-label={`Add section ${suggestion.heading}`}
                    onClick={() => sections.append({ ...suggestion })}
                  >
                    <Plus aria-hidden="true" />
                    {suggestion.heading}
                  </Button>
                ))}
              </fieldset>
            )}
          </div>

          <FormDialogFooter
            onCancel={close}
            submitLabel={editing ? 'Save Changes' : 'Create template'}
            pendingLabel="Saving..."
            pending={isSubmitting}
            cancelWhilePending
          />
        </form>
      </DialogContent>
      <ConfirmDialog
        open={confirmingDiscard}
        onOpenChange={setConfirmingDiscard}
        title="Discard changes?"
        description="Your changes to this template have not been saved."
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        pending={false}
        error={null}
        onConfirm={() => {
          setConfirmingDiscard(false);
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}
