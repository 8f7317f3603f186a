import {
  Document,
  ExternalHyperlink,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { oneLine, plainLines, textLines } from './clean-text.ts';
import {
  type MeetingDocument,
  ownerName,
  participants,
  type RenderOptions,
  STATUS_LABELS,
  speakerName,
} from './document.ts';
import { wordSized } from './docx-bounds.ts';
import { absoluteTimeLinks, inlineParts, nestHeadings } from './summary-markdown.ts';
import { clockTime, documentDate, dueDateText, durationText } from './time.ts';
import { xmlSafeDocument } from './xml-safe-document.ts';

/** A line's inline Markdown as Word runs: bold, italics and working links. */
function inlineRuns(text: string): Array<TextRun | ExternalHyperlink> {
  return inlineParts(text).map((part) =>
    part.link
      ? new ExternalHyperlink({ link: part.link, children: [new TextRun({ text: part.text, style: 'Hyperlink' })] })
      : new TextRun({ text: part.text, bold: part.bold, italics: part.italics }),
  );
}

const HEADINGS = [HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5];

/**
 * The summary is Markdown: its headings become Word headings under "Summary" (its shallowest a Heading 2),
 * bullet and numbered lists Word's lists (nested by indentation), time links links to the meeting.
 */
function markdownParagraphs(markdown: string, options: RenderOptions): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  // Lines as written: a list item's indentation says how deep it sits.
  const lines = plainLines(absoluteTimeLinks(nestHeadings(markdown, 1), options.meetingUrl)).filter((l) => l.trim());
  for (const line of lines) {
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    const item = line.match(/^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$/);
    if (heading) {
      const level = HEADINGS[Math.min(heading[1]!.length, HEADINGS.length) - 1]!;
      paragraphs.push(new Paragraph({ heading: level, children: inlineRuns(oneLine(heading[2]!)) }));
    } else if (item) {
      const level = Math.min(4, Math.floor(item[1]!.replace(/\t/g, '  ').length / 2));
      paragraphs.push(new Paragraph({ bullet: { level }, children: inlineRuns(oneLine(item[2]!)) }));
    } else {
      paragraphs.push(new Paragraph({ children: inlineRuns(oneLine(line)) }));
    }
  }
  return paragraphs;
}

const note = (text: string | null) =>
  text ? [new Paragraph({ children: [new TextRun({ text, italics: true })] })] : [];

/** A table cell; each line is its own paragraph (a run cannot hold a line break). */
const cell = (lines: string | string[], header = false) =>
  new TableCell({
    children: [lines]
      .flat()
      .map((text, index) => new Paragraph({ children: [new TextRun({ text, bold: header, italics: index > 0 })] })),
    ...(header ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'E7E6E6' } } : {}),
  });

function actionItemsTable(items: MeetingDocument['actionItems'], options: RenderOptions): Table {
  const header = new TableRow({
    tableHeader: true,
    children: ['Task', 'Owner', 'Due date', 'Status'].map((label) => cell(label, true)),
  });
  const rows = items.map(
    (item) =>
      new TableRow({
        children: [
          cell(item.context?.trim() ? [oneLine(item.task), oneLine(item.context)] : oneLine(item.task)),
          cell(ownerName(item) ?? 'Unassigned'),
          cell(item.dueDate ? dueDateText(item.dueDate, options.timeZone) : '—'),
          cell(STATUS_LABELS[item.status]),
        ],
      }),
  );
  return new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [header, ...rows] });
}

/**
 * A Word document: title, details, summary, a table of action items, and the transcript. Every field
 * is first stripped of what XML 1.0 forbids: the docx library escapes markup but passes a \x01 through,
 * and Word refuses to open the result.
 */
export async function renderDocx(input: MeetingDocument, options: RenderOptions): Promise<Buffer> {
  const document = xmlSafeDocument(input);
  const title = oneLine(document.title);
  const people = participants(document);
  const bounded = wordSized(document);
  const details = [
    ['Date', documentDate(document.createdAt, options.timeZone)],
    ...(document.durationMs > 0 ? [['Duration', durationText(document.durationMs)]] : []),
    ...(people.length ? [['Participants', people.join(', ')]] : []),
  ].map(
    ([label, value]) =>
      new Paragraph({ children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(value!)] }),
  );

  const children: Array<Paragraph | Table> = [
    new Paragraph({ heading: HeadingLevel.TITLE, text: title || 'Untitled Meeting' }),
    ...details,
    ...textLines(document.description ?? '').map((line) => new Paragraph({ text: line })),
    new Paragraph({ heading: HeadingLevel.HEADING_1, text: 'Summary' }),
    ...(document.summary?.trim()
      ? markdownParagraphs(document.summary, options)
      : [new Paragraph({ children: [new TextRun({ text: 'No summary yet.', italics: true })] })]),
    new Paragraph({ heading: HeadingLevel.HEADING_1, text: 'Action items' }),
    bounded.actionItems.length
      ? actionItemsTable(bounded.actionItems, options)
      : new Paragraph({ children: [new TextRun({ text: 'No action items.', italics: true })] }),
    ...note(bounded.actionItemsNote),
    new Paragraph({ heading: HeadingLevel.HEADING_1, text: 'Transcript' }),
    ...bounded.segments.map(
      (segment) =>
        new Paragraph({
          spacing: { after: 120 },
          children: [
            new TextRun({ text: `[${clockTime(segment.startMs)}] `, color: '666666' }),
            new TextRun({ text: `${speakerName(segment)}: `, bold: true }),
            new TextRun(oneLine(segment.text)),
          ],
        }),
    ),
    ...note(bounded.segmentsNote),
  ];

  const doc = new Document({
    title: title || 'Meeting',
    creator: 'Parley',
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
