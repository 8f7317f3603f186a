import type { SummaryTemplate } from '@parley/contract';
import type * as React from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { PROJECT_DEFAULT_ELSEWHERE, resolveTemplateId } from '@/lib/summary-templates';

/**
 * Every template of the user, the built-in one first; the project's default says so beside its name. A
 * project default that is not the user's (another member's, issue 37) is offered first as "Project default".
 */
export function SummaryTemplateSelect({
  templates,
  projectDefault,
  ...props
}: Omit<React.ComponentProps<'select'>, 'children'> & {
  templates: SummaryTemplate[];
  projectDefault?: string | null;
}) {
  return (
    <NativeSelect {...props}>
      {(props.value === PROJECT_DEFAULT_ELSEWHERE ||
        resolveTemplateId(templates, projectDefault) === PROJECT_DEFAULT_ELSEWHERE) && (
        <option value={PROJECT_DEFAULT_ELSEWHERE}>Project default (chosen by an owner)</option>
      )}
      {templates.map((template) => (
        <option key={template._id} value={template._id}>
          {template.name}
          {template.builtIn ? ' (built-in)' : template._id === projectDefault ? ' (project default)' : ''}
        </option>
      ))}
    </NativeSelect>
  );
}
