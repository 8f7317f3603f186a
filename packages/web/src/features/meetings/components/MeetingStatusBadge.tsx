import type { TranscriptionStatus } from '@parley/contract';
import { Badge } from '@/components/ui/badge';

const LABELS: Record<TranscriptionStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

const VARIANTS = {
  pending: 'secondary',
  processing: 'info',
  completed: 'success',
  failed: 'destructive',
} as const satisfies Record<TranscriptionStatus, string>;

export function MeetingStatusBadge({ status }: { status: TranscriptionStatus }) {
  return <Badge variant={VARIANTS[status] ?? 'secondary'}>{LABELS[status] ?? status}</Badge>;
}
