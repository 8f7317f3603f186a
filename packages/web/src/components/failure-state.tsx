import { AlertCircle } from 'lucide-react';
import type * as React from 'react';

/** A failed operation in place of content: a title, the reason, and an action such as Try Again. */
export function FailureState({ title, message, action }: { title: string; message: string; action?: React.ReactNode }) {
  return (
    <div
      role="alert"
      className="border-destructive/40 grid justify-items-center gap-2 rounded-xl border px-6 py-10 text-center"
    >
      <AlertCircle className="text-destructive size-8" aria-hidden="true" />
      <h3 className="font-semibold">{title}</h3>
      <p className="text-muted-foreground text-sm break-words">{message}</p>
      {action}
    </div>
  );
}
