import { AudioLines } from 'lucide-react';
import { cn } from '@/lib/utils';

export const PRODUCT_NAME = 'Parley';

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'bg-primary text-primary-foreground inline-flex size-8 shrink-0 items-center justify-center rounded-lg',
        className,
      )}
    >
      <AudioLines className="size-4" />
    </span>
  );
}
