// The summary is Markdown written for the meeting page: its time links are relative (`?t=75`) and its
// headings start at level 2. A file read elsewhere needs links that open the meeting and headings under
// the file's own "Summary".

/** `[1:15](?t=75)` -> `[1:15](https://host/projects/p/meetings/m?t=75)`. */
export const absoluteTimeLinks = (markdown: string, meetingUrl: string) =>
  markdown.replace(/\]\(\?t=(\d+)\)/g, (_, seconds: string) => `](${meetingUrl}?t=${seconds})`);

/** Headings moved so the summary's shallowest becomes `level` (at most 6); their order is kept. */
export function nestHeadings(markdown: string, level: number): string {
  const depths = [...markdown.matchAll(/^(#{1,6})\s/gm)].map((m) => m[1]!.length);
  if (depths.length === 0) return markdown;
  const shift = level - Math.min(...depths);
  return markdown.replace(/^(#{1,6})(?=\s)/gm, (hashes) => '#'.repeat(Math.min(6, hashes.length + shift)));
}

export type InlinePart = { text: string; bold?: boolean; italics?: boolean; link?: string };

/**
 * A line's inline Markdown as parts: `**bold**`, `*italic*` / `_italic_`, `[text](url)` (only http(s)
 * links, so a document never carries a `javascript:` one), backslash escapes; everything else as text.
 */
export function inlineParts(line: string): InlinePart[] {
  const parts: InlinePart[] = [];
  const pattern = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|(?<![\w*])[*_]([^*_]+)[*_](?![\w*])/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: unescapeMarks(line.slice(last, match.index)) });
    if (match[1] !== undefined) parts.push({ text: unescapeMarks(match[1]), bold: true });
    else if (match[2] !== undefined) {
      const link = /^https?:\/\//i.test(match[3]!) ? match[3] : undefined;
      parts.push({ text: unescapeMarks(match[2]), ...(link && { link }) });
    } else parts.push({ text: unescapeMarks(match[4]!), italics: true });
    last = match.index + match[0].length;
  }
  if (last < line.length) parts.push({ text: unescapeMarks(line.slice(last)) });
  return parts.filter((p) => p.text.length > 0);
}

const unescapeMarks = (text: string) => text.replace(/\\([\\`*_[\]<>#|])/g, '$1');
