import { MeetingExport, type ParsedMeetingExport, TRANSCRIPT_LIMITS } from '@parley/contract';
import { TranscriptFormatError } from './transcript.ts';

/** The 1-based line of a character offset. */
const lineAt = (source: string, offset: number) => source.slice(0, offset).split('\n').length;

/** Parley's own JSON export (format 'parley.meeting', version 1). */
export function parseParleyJson(source: string): ParsedMeetingExport {
  let value: unknown;
  try {
    // A NUL character (`\u0000` in a string) is valid JSON but PostgreSQL text cannot hold it.
    value = JSON.parse(source.replace(/^\uFEFF/, ''), (_key, item) =>
      typeof item === 'string' ? item.replaceAll('\u0000', '') : item,
    );
  } catch (error) {
    const message = (error as Error).message;
    const position = message.match(/position (\d+)/);
    const line = message.match(/line (\d+)/);
    const at = line ? Number(line[1]) : position ? lineAt(source, Number(position[1])) : null;
    throw new TranscriptFormatError(at, `the file is not valid JSON (${message.replace(/\s*\(line.*\)$/, '')})`);
  }
  // Counted before the schema reads every element: a file over a limit is refused without that work.
  refuseOverLimit(value, 'segments', TRANSCRIPT_LIMITS.maxCues, 'segments');
  refuseOverLimit(value, 'actionItems', TRANSCRIPT_LIMITS.maxActionItems, 'action items');
  const result = MeetingExport.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
    throw new TranscriptFormatError(
      null,
      `The Parley export is not valid at ${path.replace(/^\./, '') || 'the top level'}: ${issue.message}`,
    );
  }
  return result.data;
}

function refuseOverLimit(value: unknown, field: string, max: number, what: string) {
  const list = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
  if (Array.isArray(list) && list.length > max) {
    throw new TranscriptFormatError(
      null,
      `The transcript has more than ${max} ${what}, the most one meeting can import`,
    );
  }
}
