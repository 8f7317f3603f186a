import type { MeetingDocument } from './document.ts';

/**
 * The docx library builds the whole document as objects, some 20 KB a paragraph, before writing it:
 * bounded, the largest meeting an import can make stays near a second and under 300 MB (bench/hostile).
 * A 12-hour recording has some 8,000 segments: it fits whole. The other formats always hold everything.
 */
export const DOCX_LIMITS = { segments: 8000, transcriptChars: 2_000_000, actionItems: 1000 } as const;

/** What a Word document shows of a meeting, and how much it leaves to the other formats. */
export function wordSized(document: MeetingDocument) {
  let segments = 0;
  let chars = 0;
  for (const segment of document.segments) {
    if (segments >= DOCX_LIMITS.segments || chars + segment.text.length > DOCX_LIMITS.transcriptChars) break;
    chars += segment.text.length;
    segments++;
  }
  const actionItems = document.actionItems.slice(0, DOCX_LIMITS.actionItems);
  const count = (n: number) => n.toLocaleString('en');
  const segmentsLeft = document.segments.length - segments;
  const itemsLeft = document.actionItems.length - actionItems.length;
  return {
    segments: document.segments.slice(0, segments),
    actionItems,
    segmentsNote: segmentsLeft
      ? `The transcript goes on for ${count(segmentsLeft)} more segments: the text, subtitle and JSON exports hold all of it.`
      : null,
    actionItemsNote: itemsLeft
      ? `${count(itemsLeft)} more action items: the Markdown and JSON exports hold every one.`
      : null,
  };
}
