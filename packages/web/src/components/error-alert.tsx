import { Alert, AlertDescription } from '@/components/ui/alert';
import { cn } from '@/lib/utils';

/** The red message box forms and dialogs show above their fields; renders nothing without a message. */
export function ErrorAlert({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" className={cn(className)}>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
