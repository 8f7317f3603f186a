import type { Highlight } from '@parley/contract';
import { splitHighlights } from '@/lib/highlight';

/** A segment's text with the words that matched the search marked. */
export function HighlightedText({ text, highlights }: { text: string; highlights?: Highlight[] }) {
  return (
    <>
      {splitHighlights(text, highlights).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-inherit dark:bg-yellow-500/40">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
