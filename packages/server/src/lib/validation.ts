import type { ValidationIssue } from '@parley/contract';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

export function toIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** Parse input with a contract schema; every issue goes back to the client, not only the first. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = toIssues(result.error);
    throw badRequest(errors.length === 1 ? errors[0]!.message : 'Validation failed', errors);
  }
  return result.data;
}
