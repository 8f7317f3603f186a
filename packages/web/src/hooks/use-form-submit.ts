import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { fieldIssues } from '@/lib/api-client';
import { type Fallback, useActionError } from './use-action-error';

interface FormSubmitOptions<T extends FieldValues> {
  /** The dialog's open state: its error is cleared each time it opens. A form always shown leaves it out. */
  open?: boolean;
  /** Shown when the server sends no message (or a function that words the failure itself). */
  failure: Fallback;
  /** Fields that show the server's own per-field issues (`errors: [{path, message}]`); 'all' takes any path. */
  fields?: readonly FieldPath<T>[] | 'all';
}

/**
 * The submit of a react-hook-form mutation dialog and the error above its fields, written once: cleared when
 * the dialog opens and before each try; a failure shows the server's message (or `failure`), puts its
 * per-field issues on the fields named, and keeps the dialog open with what was typed.
 */
export function useFormSubmit<T extends FieldValues, TOut = T>(
  form: UseFormReturn<T, unknown, TOut>,
  action: (values: TOut) => Promise<void>,
  { open = true, failure, fields }: FormSubmitOptions<T>,
) {
  const { error, attempt } = useActionError(open);
  const onSubmit = form.handleSubmit((values) =>
    attempt(async () => {
      try {
        await action(values);
      } catch (failed) {
        for (const issue of fieldIssues(failed)) {
          const path = issue.path as FieldPath<T>;
          if (fields === 'all' || fields?.includes(path)) form.setError(path, { message: issue.message });
        }
        throw failed;
      }
    }, failure),
  );
  return { formError: error, onSubmit };
}
