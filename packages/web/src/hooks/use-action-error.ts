import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api-client';

/**
 * A dialog's action and the error it shows: cleared when the dialog opens and before each try; a failure
 * shows the server's message (or `fallback` when there is none) and keeps the dialog open.
 */
export function useActionError(open: boolean) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) setError(null);
  }, [open]);
  const attempt = useCallback(async (action: () => Promise<void>, fallback: string) => {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure, fallback));
    }
  }, []);
  return { error, attempt };
}
