import type { SummaryTemplate } from '@parley/contract';
import { Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { SummaryTemplateSelect } from '@/components/summary-template-select';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { SUMMARY_TEMPLATES_PATH } from '@/lib/paths';
import { PROJECT_DEFAULT_ELSEWHERE } from '@/lib/summary-templates';
import { SUMMARY_LANGUAGES } from '../lib/languages';

export interface SummaryChoice {
  templateId: string;
  /** '' keeps the transcript's language. */
  language: string;
}

/** What the next Generate or Regenerate follows: a template (the project's default preselected) and a language. */
export function SummaryOptions({
  templates,
  projectDefault,
  choice,
  onChange,
  disabled,
}: {
  templates: SummaryTemplate[];
  projectDefault: string | null | undefined;
  choice: SummaryChoice;
  onChange: (choice: SummaryChoice) => void;
  disabled: boolean;
}) {
  const sections = templates.find((t) => t._id === choice.templateId)?.sections ?? [];
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_auto] sm:items-end">
      <legend className="sr-only">Summary options</legend>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="summary-template">Template</Label>
        <SummaryTemplateSelect
          id="summary-template"
          templates={templates}
          projectDefault={projectDefault}
          value={choice.templateId}
          onChange={(e) => onChange({ ...choice, templateId: e.target.value })}
          disabled={disabled}
          aria-describedby="summary-template-sections"
        />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="summary-language">Language</Label>
        <NativeSelect
          id="summary-language"
          value={choice.language}
          onChange={(e) => onChange({ ...choice, language: e.target.value })}
          disabled={disabled}
          aria-describedby="summary-language-hint"
        >
          <option value="">Same as the meeting</option>
          {SUMMARY_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {language}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Link
        to={SUMMARY_TEMPLATES_PATH}
        className="text-primary inline-flex h-9 items-center gap-1.5 text-sm underline-offset-4 hover:underline"
      >
        <Settings2 className="size-4" aria-hidden="true" />
        Manage templates
      </Link>
      <p id="summary-template-sections" className="text-muted-foreground text-xs sm:col-span-3">
        {choice.templateId === PROJECT_DEFAULT_ELSEWHERE
          ? "Sections: those of the project's default template."
          : `Sections: ${sections.map((s) => s.heading).join(', ')}.`}{' '}
        <span id="summary-language-hint">
          A model writes the notes in the language chosen; offline notes quote the meeting as it was said.
        </span>
      </p>
    </fieldset>
  );
}
