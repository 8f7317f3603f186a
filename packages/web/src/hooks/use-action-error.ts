import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api-client';

/** A fixed text, or the screen's own reading of the failure (sign-in's messages of spec section 8). */
export type Fallback = string | ((failure: unknown) => string);

/**
 * A dialog's (or a form's) action and the error it shows: cleared when the dialog opens and before each try; a failure
 * shows the server's message (or `fallback` when there is none, or what `fallback` makes of the failure)
 * and keeps the dialog open.
 */
export function useActionError(open = true) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) setError(null);
  }, [open]);
  const attempt = useCallback(async (action: () => Promise<void>, fallback: Fallback) => {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(typeof fallback === 'string' ? errorMessage(failure, fallback) : fallback(failure));
    }
  }, []);
  return { error, attempt };
}
