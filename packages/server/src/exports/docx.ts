import {
  Document,
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
import { oneLine, textLines, xmlSafeDocument } from './clean-text.ts';
import {
  type MeetingDocument,
  ownerName,
  participants,
  type RenderOptions,
  STATUS_LABELS,
  speakerName,
} from './document.ts';
import { wordSized } from './docx-bounds.ts';
import { clockTime, documentDate, dueDateText, durationText } from './time.ts';

/** `**bold**` spans of a Markdown line as Word runs; other inline marks are kept as text. */
function inlineRuns(text: string): TextRun[] {
  return text
    .split(/(\*\*[^*]+\*\*)/g)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('**') && part.endsWith('**')
        ? new TextRun({ text: part.slice(2, -2), bold: true })
        : new TextRun(part),
    );
}

/** The summary is Markdown: headings, bullet and numbered lists and paragraphs become Word's own. */
function markdownParagraphs(markdown: string): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  for (const line of textLines(markdown)) {
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    const bullet = line.match(/^[-*+]\s+(.*)$/);
    const numbered = line.match(/^\d+[.)]\s+(.*)$/);
    if (heading) {
      const level = heading[1]!.length <= 2 ? HeadingLevel.HEADING_3 : HeadingLevel.HEADING_4;
      paragraphs.push(new Paragraph({ heading: level, children: inlineRuns(heading[2]!) }));
    } else if (bullet) {
      paragraphs.push(new Paragraph({ bullet: { level: 0 }, children: inlineRuns(bullet[1]!) }));
    } else if (numbered) {
      paragraphs.push(new Paragraph({ bullet: { level: 0 }, children: inlineRuns(numbered[1]!) }));
    } else {
      paragraphs.push(new Paragraph({ children: inlineRuns(line) }));
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
      ? markdownParagraphs(document.summary)
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
