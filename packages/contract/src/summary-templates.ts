import { z } from 'zod';
import { Id, IsoDate, success } from './common.ts';

export const SUMMARY_TEMPLATE_LIMITS = { nameMax: 100, sections: 20, headingMax: 100, instructionMax: 1000 } as const;

/** One section of a summary: its heading and what the section should hold. */
export const SummaryTemplateSection = z.object({
  heading: z
    .string({ error: 'Heading is required' })
    .trim()
    .min(1, 'Heading cannot be empty')
    .max(SUMMARY_TEMPLATE_LIMITS.headingMax, `Heading must be at most ${SUMMARY_TEMPLATE_LIMITS.headingMax} characters`)
    .refine((h) => !/[\r\n]/.test(h), 'Heading must be one line'),
  instruction: z
    .string()
    .trim()
    .max(
      SUMMARY_TEMPLATE_LIMITS.instructionMax,
      `Instruction must be at most ${SUMMARY_TEMPLATE_LIMITS.instructionMax} characters`,
    )
    .default(''),
});
export type SummaryTemplateSection = z.infer<typeof SummaryTemplateSection>;

/** `POST /api/summary-templates` and `PUT /api/summary-templates/{id}`. */
export const SummaryTemplateRequest = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name cannot be empty')
    .max(SUMMARY_TEMPLATE_LIMITS.nameMax, `Name must be at most ${SUMMARY_TEMPLATE_LIMITS.nameMax} characters`),
  sections: z
    .array(SummaryTemplateSection, { error: 'Sections are required' })
    .min(1, 'A template needs at least one section')
    .max(SUMMARY_TEMPLATE_LIMITS.sections, `A template has at most ${SUMMARY_TEMPLATE_LIMITS.sections} sections`),
});
export type SummaryTemplateRequest = z.input<typeof SummaryTemplateRequest>;

export const SummaryTemplate = z.object({
  _id: Id,
  name: z.string(),
  sections: z.array(z.object({ heading: z.string(), instruction: z.string() })),
  /** The built-in default (Overview, Key points, Decisions, Next steps): listed first, never changed. */
  builtIn: z.boolean(),
  createdAt: IsoDate.nullable(),
  updatedAt: IsoDate.nullable(),
});
export type SummaryTemplate = z.infer<typeof SummaryTemplate>;

export const SummaryTemplateResponse = success(SummaryTemplate);
export const SummaryTemplateListResponse = success(z.object({ templates: z.array(SummaryTemplate) }));
export type SummaryTemplateListResponse = z.infer<typeof SummaryTemplateListResponse>;

/** The id of the built-in default template (not a row: it cannot be changed or deleted). */
export const DEFAULT_SUMMARY_TEMPLATE_ID = 'default';

/** The summary stream's optional JSON body: a template (else the project's default) and an output language. */
export const SummaryStreamRequest = z
  .object({
    templateId: Id.optional(),
    /** A language name ("German"); default: the transcript's. */
    language: z.string().trim().min(2).max(40).optional(),
  })
  .default({});
export type SummaryStreamRequest = z.input<typeof SummaryStreamRequest>;
