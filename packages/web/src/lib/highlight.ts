import type { Highlight } from '@parley/contract';

export interface TextPart {
  text: string;
  match: boolean;
}

/** Splits text at the server's highlight ranges; overlapping or out-of-range ranges are tolerated. */
export function splitHighlights(text: string, highlights: Highlight[] = []): TextPart[] {
  const ranges = highlights
    .map((h) => ({
      start: Math.max(0, Math.min(h.start, text.length)),
      end: Math.max(0, Math.min(h.end, text.length)),
    }))
    .filter((h) => h.end > h.start)
    .sort((a, b) => a.start - b.start);
  const parts: TextPart[] = [];
  let at = 0;
  for (const range of ranges) {
    if (range.end <= at) continue;
    const start = Math.max(range.start, at);
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    const previous = parts[parts.length - 1];
    if (previous?.match && start === at) previous.text += text.slice(start, range.end);
    else parts.push({ text: text.slice(start, range.end), match: true });
    at = range.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
