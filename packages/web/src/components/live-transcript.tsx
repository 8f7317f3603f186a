import type { LiveTranscript as LiveTranscriptData } from '@parley/contract';
import { useEffect, useRef } from 'react';
import { SegmentText } from '@/components/segment-text';
import { formatTimestamp } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * The words of a recording under way, as the server hears them (docs/decisions/150). An ARIA live
 * region (role log): screen readers read new phrases as they come. The phrase still being said is
 * shown lighter until it is final.
 */
export function LiveTranscript({
  transcript,
  className,
  emptyText = 'Words appear here a few seconds after they are said.',
}: {
  transcript: LiveTranscriptData | null;
  className?: string;
  emptyText?: string;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  const segments = transcript?.segments.filter((s) => s.text.trim()) ?? [];
  const count = segments.length;
  const lastText = segments.at(-1)?.text;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a phrase is added or grows
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count, lastText]);
  return (
    <div
      role="log"
      aria-label="Live transcript"
      aria-live="polite"
      className={cn('bg-background max-h-48 overflow-y-auto rounded-lg border p-3 text-sm leading-relaxed', className)}
    >
      {count === 0 ? (
        <p className="text-muted-foreground">{emptyText}</p>
      ) : (
        segments.map((segment) => (
          <p key={segment.startTime} className={cn('mb-1', !segment.final && 'text-muted-foreground italic')}>
            <span className="text-muted-foreground mr-2 font-mono text-xs tabular-nums">
              {formatTimestamp(segment.startTime * 1000)}
            </span>
            <SegmentText text={segment.text} />
          </p>
        ))
      )}
      <div ref={endRef} />
    </div>
  );
}
