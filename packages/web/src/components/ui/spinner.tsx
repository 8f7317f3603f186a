import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';

/** Loading states wait this long before showing anything, so fast replies don't flash a spinner. */
export const SPINNER_DELAY_MS = 200;

export function useDelayedFlag(active: boolean, delayMs = SPINNER_DELAY_MS): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!active) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && visible;
}

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner that appears only when loading lasts longer than SPINNER_DELAY_MS. */
export function DelayedSpinner({ className, label }: { className?: string; label?: string }) {
  const visible = useDelayedFlag(true);
  if (!visible) return null;
  return (
    <div className={cn('flex items-center justify-center py-12 text-muted-foreground', className)}>
      <Spinner label={label} />
    </div>
  );
}
