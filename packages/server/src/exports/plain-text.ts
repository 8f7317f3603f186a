import { oneLine } from './clean-text.ts';
import { type MeetingDocument, participants, type RenderOptions, speakerName } from './document.ts';
import { clockTime, documentDate, durationText } from './time.ts';

/** One line per segment: '[01:02] Ann Smith: text'. Also what 'Copy transcript' puts on the clipboard. */
export function transcriptLines(document: MeetingDocument): string[] {
  return document.segments.map(
    (segment) => `[${clockTime(segment.startMs)}] ${speakerName(segment)}: ${oneLine(segment.text)}`,
  );
}

export function renderPlainText(document: MeetingDocument, options: RenderOptions): string {
  const people = participants(document);
  const header = [
    oneLine(document.title),
    `Date: ${documentDate(document.createdAt, options.timeZone)}`,
    ...(document.durationMs > 0 ? [`Duration: ${durationText(document.durationMs)}`] : []),
    ...(people.length ? [`Participants: ${people.join(', ')}`] : []),
  ];
  return `${[...header, '', ...transcriptLines(document)].join('\n')}\n`;
}
