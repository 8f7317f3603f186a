import type { SummaryTemplate } from '@parley/contract';
import type * as React from 'react';
import { NativeSelect } from '@/components/ui/native-select';

/** Every template of the user, the built-in one first; the project's default says so beside its name. */
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
      {templates.map((template) => (
        <option key={template._id} value={template._id}>
          {template.name}
          {template.builtIn ? ' (built-in)' : template._id === projectDefault ? ' (project default)' : ''}
        </option>
      ))}
    </NativeSelect>
  );
}
