import { UNHEARD_SEGMENT_TEXT } from '@parley/contract';

/** What a segment shows when its person spoke over someone else and the words were not made out. */
export const UNHEARD_LABEL = 'Talking at the same time as someone else; words not made out';

/** Whether the server marked this segment as a second voice without words (docs/decisions/024). */
export function isUnheard(text: string): boolean {
  return text === UNHEARD_SEGMENT_TEXT;
}

/**
 * A segment's words, or, for a second voice whose words the recogniser could not make out, a quiet
 * note that says so (the bare mark would read as a missing transcript).
 */
export function SegmentText({ text }: { text: string }) {
  if (!isUnheard(text)) return <>{text}</>;
  return (
    <span
      className="text-muted-foreground italic"
      title="This person spoke while someone else was speaking. Edit the segment to type in what they said."
    >
      {UNHEARD_LABEL}
    </span>
  );
}
