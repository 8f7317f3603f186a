import type { LiveTranscript as LiveTranscriptData } from '@parley/contract';
import { useEffect, useRef } from 'react';
import { SegmentText } from '@/components/segment-text';
import { formatTimestamp } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Said before a call's tab side's live words (docs/decisions/250). */
export const OTHER_PARTY = 'Other party';
/** Said before a call's microphone side's words when the server has no name for the person recording. */
export const PERSON_RECORDING = 'Person recording';

/**
 * Whose words a live segment of a call holds: side 0 is the microphone, the person recording (by the
 * name the final transcript gives them), side 1 the call's tab. None for any other recording.
 */
function sideName(side: 0 | 1 | undefined, recorder: string | undefined): string | undefined {
  if (side === undefined) return undefined;
  return side === 0 ? (recorder ?? PERSON_RECORDING) : OTHER_PARTY;
}

/**
 * The words of a recording under way, as the server hears them (docs/decisions/150). An ARIA live
 * region (role log): screen readers read new phrases as they come. The phrase still being said is
 * shown lighter until it is final. A call's words are under their side's name.
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
        segments.map((segment) => {
          const name = sideName(segment.side, transcript?.recorder);
          return (
            <p
              key={`${segment.side ?? ''}:${segment.startTime}`}
              className={cn('mb-1', !segment.final && 'text-muted-foreground italic')}
            >
              <span className="text-muted-foreground mr-2 font-mono text-xs tabular-nums">
                {formatTimestamp(segment.startTime * 1000)}
              </span>
              {name && <span className="text-foreground mr-2 font-medium not-italic">{name}</span>}
              <SegmentText text={segment.text} />
            </p>
          );
        })
      )}
      <div ref={endRef} />
    </div>
  );
}
