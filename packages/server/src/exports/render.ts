import type { ExportFormat } from '@parley/contract';
import type { MeetingDocument, RenderOptions } from './document.ts';
import { renderDocx } from './docx.ts';
import { renderJson } from './json.ts';
import { renderMarkdown } from './markdown.ts';
import { renderPlainText } from './plain-text.ts';
import { renderSrt, renderVtt } from './subtitles.ts';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  json: 'application/json; charset=utf-8',
};

/** The file of one format as bytes; it runs in a CPU thread (cpu/tasks.ts), the caller never waits on it. */
export async function renderExport(
  format: ExportFormat,
  document: MeetingDocument,
  options: RenderOptions,
): Promise<Uint8Array> {
  if (format === 'docx') {
    const buffer = await renderDocx(document, options);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }
  return new TextEncoder().encode(renderText(format, document, options));
}

function renderText(format: Exclude<ExportFormat, 'docx'>, document: MeetingDocument, options: RenderOptions): string {
  switch (format) {
    case 'txt':
      return renderPlainText(document, options);
    case 'md':
      return renderMarkdown(document, options);
    case 'srt':
      return renderSrt(document);
    case 'vtt':
      return renderVtt(document);
    case 'json':
      return renderJson(document);
  }
}
