import { type SummaryTemplate, SummaryTemplateRequest } from '@parley/contract';
import type { z } from 'zod';

/** The editor validates with the request's own schema, so its messages are the server's. */
export const TemplateFormSchema = SummaryTemplateRequest;
export type TemplateFormValues = z.input<typeof TemplateFormSchema>;
export type TemplateFormOutput = z.output<typeof TemplateFormSchema>;

export const EMPTY_SECTION = { heading: '', instruction: '' };

/** What the editor opens with: the template being edited or copied, else one empty section to fill in. */
export function templateFormValues(template?: SummaryTemplate, copy = false): TemplateFormValues {
  if (!template) return { name: '', sections: [{ ...EMPTY_SECTION }] };
  return {
    name: copy ? `Copy of ${template.name}` : template.name,
    sections: template.sections.map((s) => ({ heading: s.heading, instruction: s.instruction })),
  };
}

/** Sections people often ask for, offered as one-click starting points (the builtin engine reads these headings). */
export const SUGGESTED_SECTIONS = [
  { heading: 'Decisions', instruction: 'Bullets: what was decided, and by whom.' },
  { heading: 'Risks', instruction: 'Bullets: risks, blockers and concerns raised.' },
  { heading: 'Customer questions', instruction: 'Every question the customer asked, and the answer if one was given.' },
  { heading: 'Per person', instruction: 'For each participant: what they reported and what they will do.' },
  { heading: 'Next steps', instruction: 'Bullets: who will do what, and by when if a date was said.' },
] as const;
