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

/** The transcription's status; a meeting still being recorded in chunks (decision 150) says Recording. */
export function MeetingStatusBadge({ status, recording }: { status: TranscriptionStatus; recording?: boolean }) {
  if (recording) return <Badge variant="destructive">Recording</Badge>;
  return <Badge variant={VARIANTS[status] ?? 'secondary'}>{LABELS[status] ?? status}</Badge>;
}
