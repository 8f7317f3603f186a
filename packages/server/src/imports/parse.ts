import { type ParsedMeetingExport, transcriptKindOf } from '@parley/contract';
import { parseParleyJson } from './json.ts';
import { parseSrt } from './srt.ts';
import { type ImportedCue, TranscriptFormatError } from './transcript.ts';
import { parseVtt } from './vtt.ts';

export type ParsedTranscript =
  | { kind: 'cues'; format: 'vtt' | 'srt'; cues: ImportedCue[] }
  | { kind: 'parley'; format: 'json'; export: ParsedMeetingExport };

/**
 * Reads an uploaded transcript by its extension, or by its content when the name has none that we
 * know (a '.txt' saved from a browser): WEBVTT header, JSON object, else SubRip.
 */
export function parseTranscript(fileName: string, source: string): ParsedTranscript {
  const trimmed = source.replace(/^\uFEFF/, '').trimStart();
  const kind =
    transcriptKindOf(fileName) ?? (trimmed.startsWith('WEBVTT') ? 'vtt' : trimmed.startsWith('{') ? 'json' : 'srt');
  if (!trimmed) throw new TranscriptFormatError(null, 'The transcript file is empty');
  switch (kind) {
    case 'vtt':
      return { kind: 'cues', format: 'vtt', cues: parseVtt(source) };
    case 'srt':
      return { kind: 'cues', format: 'srt', cues: parseSrt(source) };
    case 'json':
      return { kind: 'parley', format: 'json', export: parseParleyJson(source) };
  }
}

export { TranscriptFormatError };
