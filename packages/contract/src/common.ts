import { z } from 'zod';

/** Opaque string id exposed as `_id`. */
export const Id = z.string().min(1).max(64);
export const IsoDate = z.iso.datetime({ offset: true });

export const ValidationIssue = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const ErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(ValidationIssue).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export function success<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const Pagination = z.object({
  page: z.number().int().min(1),
  pages: z.number().int().min(0),
  total: z.number().int().min(0),
  limit: z.number().int().min(1),
});
export type Pagination = z.infer<typeof Pagination>;

export const PageQuery = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });

/** Optional free text that may be sent blank to clear it: trimmed, '' and null mean "none". */
export const clearableText = (max: number, label: string) =>
  z
    .union([z.string().trim().max(max, `${label} must be at most ${max} characters`), z.null()])
    .transform((value) => (value ? value : null));

/** The `{success: true, data}` envelope every JSON reply uses, as a type. */
export type Envelope<T> = { success: true; data: T };
