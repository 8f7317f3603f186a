import type { SearchHit } from '@parley/contract';
import { HighlightedText } from '@/components/highlighted-text';
import { formatTimestamp } from '@/lib/format';

/** One hit: who spoke, when, and the text with its matches marked. The caller makes it a link or a button. */
export function SearchHitRow({ hit }: { hit: SearchHit }) {
  return (
    <span className="grid gap-1 text-left text-sm">
      <span className="text-muted-foreground flex flex-wrap items-center gap-x-3 text-xs">
        <span className="text-foreground font-medium">{hit.personId?.name ?? hit.speaker}</span>
        <span className="font-mono tabular-nums">
          {formatTimestamp(hit.startTime)} - {formatTimestamp(hit.endTime)}
        </span>
      </span>
      <span className="wrap-anywhere whitespace-pre-wrap">
        <HighlightedText text={hit.text} highlights={hit.highlights} />
      </span>
    </span>
  );
}
