import { type MeetingDocument, ownerName, participants, type RenderOptions, speakerName } from './document.ts';
import { oneLine } from './plain-text.ts';
import { clockTime, documentDate, dueDateText, durationText } from './time.ts';

/** Markdown metacharacters in names and task titles are escaped so they read as written. */
const escapeInline = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');

/**
 * Markdown for notes apps (Obsidian, Notion): title, date, participants, summary, action items with
 * owners and due dates as task-list items, then the transcript.
 */
export function renderMarkdown(document: MeetingDocument, options: RenderOptions): string {
  const lines: string[] = [`# ${escapeInline(document.title || 'Untitled Meeting')}`, ''];
  lines.push(`- **Date:** ${documentDate(document.createdAt, options.timeZone)}`);
  if (document.durationMs > 0) lines.push(`- **Duration:** ${durationText(document.durationMs)}`);
  const people = participants(document);
  if (people.length) lines.push(`- **Participants:** ${people.map(escapeInline).join(', ')}`);
  if (document.description) lines.push('', escapeInline(document.description));

  lines.push('', '## Summary', '', document.summary?.trim() || '_No summary yet._');

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
