import { SUMMARY_TEMPLATE_LIMITS } from '@parley/contract';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { TemplateFormOutput, TemplateFormValues } from '../lib/template-form';

/** One section of the editor: its heading and instruction, with move up/down and remove (keyboard buttons). */
export function TemplateSectionFields({
  form,
  index,
  count,
  onMove,
  onRemove,
}: {
  form: UseFormReturn<TemplateFormValues, unknown, TemplateFormOutput>;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const errors = form.formState.errors.sections?.[index];
  const headingId = `template-section-${n}-heading`;
  const instructionId = `template-section-${n}-instruction`;
  const heading = form.watch(`sections.${index}.heading`)?.trim();
  const name = heading ? `section ${n} (${heading})` : `section ${n}`;
  const actions = [
    { label: `Move ${name} up`, icon: ArrowUp, disabled: index === 0, onClick: () => onMove(index - 1) },
    { label: `Move ${name} down`, icon: ArrowDown, disabled: index === count - 1, onClick: () => onMove(index + 1) },
    { label: `Remove ${name}`, icon: Trash2, disabled: count === 1, onClick: onRemove },
  ];

  return (
    <fieldset aria-labelledby={`template-section-${n}`} className="grid min-w-0 gap-3 rounded-lg border p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`template-section-${n}`} className="text-sm font-medium">
          Section {n}
        </h3>
        <div className="flex gap-1">
          {actions.map(({ label, icon: Icon, disabled, onClick }) => (
            <Button
              key={label}
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={label}
              disabled={disabled}
              onClick={onClick}
            >
              <Icon aria-hidden="true" />
            </Button>
          ))}
        </div>
      </div>
      <FormField id={headingId} label="Heading" error={errors?.heading?.message}>
        <Input
          {...fieldProps(headingId, errors?.heading?.message)}
          placeholder="e.g. Decisions"
          maxLength={SUMMARY_TEMPLATE_LIMITS.headingMax}
          autoComplete="off"
          {...form.register(`sections.${index}.heading`)}
        />
      </FormField>
      <FormField id={instructionId} label="Instruction (optional)" error={errors?.instruction?.message}>
        <Textarea
          {...fieldProps(instructionId, errors?.instruction?.message)}
          placeholder="What this section should hold, e.g. 'Bullets: what was decided, and by whom.'"
          rows={2}
          maxLength={SUMMARY_TEMPLATE_LIMITS.instructionMax}
          {...form.register(`sections.${index}.instruction`)}
        />
      </FormField>
    </fieldset>
  );
}
