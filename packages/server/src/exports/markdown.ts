import { oneLine, plainLines, textLines } from './clean-text.ts';
import { type MeetingDocument, ownerName, participants, type RenderOptions, speakerName } from './document.ts';
import { absoluteTimeLinks, nestHeadings } from './summary-markdown.ts';
import { clockTime, documentDate, dueDateText, durationText } from './time.ts';

/** Markdown metacharacters in names and task titles are escaped so they read as written. */
const escapeInline = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');

/**
 * A line of the user's own text as a paragraph of its own: inline marks escaped, and a start that
 * Markdown reads as a block (a list, a quote, a thematic break, a numbered item) escaped too.
 */
const escapeParagraph = (line: string) =>
  escapeInline(line)
    .replace(/^([-+=>~])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');

/**
 * The summary is Markdown and stays Markdown (headings, lists, bold), but not HTML: a notes app would
 * run a `<script>` or load an `<img>` it holds. `<` and `&` become entities, so a tag reads as text.
 */
const summaryMarkdown = (summary: string, options: RenderOptions) =>
  nestHeadings(absoluteTimeLinks(plainLines(summary).join('\n').trim(), options.meetingUrl), SUMMARY_HEADING_LEVEL)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;');
/** The summary's own headings sit under the file's "## Summary". */
const SUMMARY_HEADING_LEVEL = 3;

/**
 * Markdown for notes apps (Obsidian, Notion): title, date, participants, summary, action items with
 * owners and due dates as task-list items, then the transcript.
 */
export function renderMarkdown(document: MeetingDocument, options: RenderOptions): string {
  const lines: string[] = [`# ${escapeInline(oneLine(document.title) || 'Untitled Meeting')}`, ''];
  lines.push(`- **Date:** ${documentDate(document.createdAt, options.timeZone)}`);
  if (document.durationMs > 0) lines.push(`- **Duration:** ${durationText(document.durationMs)}`);
  const people = participants(document);
  if (people.length) lines.push(`- **Participants:** ${people.map(escapeInline).join(', ')}`);
  for (const line of textLines(document.description ?? '')) lines.push('', escapeParagraph(line));

  lines.push(
    '',
    '## Summary',
    '',
    (document.summary && summaryMarkdown(document.summary, options)) || '_No summary yet._',
  );

  lines.push('', '## Action items', '');
  if (document.actionItems.length === 0) lines.push('_No action items._');
  for (const item of document.actionItems) {
    const details = [
      `**Owner:** ${escapeInline(ownerName(item) ?? 'Unassigned')}`,
      `**Due:** ${item.dueDate ? dueDateText(item.dueDate, options.timeZone) : 'No due date'}`,
      ...(item.status === 'in_progress' ? ['**Status:** In progress'] : []),
    ];
    lines.push(
      `- [${item.status === 'completed' ? 'x' : ' '}] ${escapeInline(oneLine(item.task))} (${details.join(' · ')})`,
    );
    if (item.context?.trim()) lines.push(`  ${escapeInline(oneLine(item.context))}`);
  }

  lines.push('', '## Transcript', '');
  if (document.segments.length === 0) lines.push('_No transcript._');
  for (const segment of document.segments) {
    lines.push(
      `**[${clockTime(segment.startMs)}] ${escapeInline(speakerName(segment))}:** ${escapeInline(oneLine(segment.text))}`,
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
