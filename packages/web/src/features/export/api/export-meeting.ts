import { type ExportFormat, routes } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadRoute } from '@/lib/api-client';
import { fileNameFromDisposition } from '../lib/content-disposition';
import { saveBlob } from '../lib/save-file';

/** The reader's own time zone, so the dates in a document read as on screen. */
const localTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

/**
 * Fetches an export with the bearer header (a plain link could not send it) and returns the file.
 * Failures become an ApiError with the server's message, as every other call does.
 */
export async function fetchMeetingExport(
  meetingId: string,
  format: ExportFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const { blob, headers } = await downloadRoute(routes.exportMeeting, {
    params: { meetingId },
    query: { format, tz: localTimeZone() },
  });
  return { blob, fileName: fileNameFromDisposition(headers.get('content-disposition'), `meeting.${format}`) };
}

/** Downloads one export of the meeting into the browser's downloads. */
export function useExportMeeting(meetingId: string) {
  return useMutation({
    mutationFn: async (format: ExportFormat) => {
      const file = await fetchMeetingExport(meetingId, format);
      saveBlob(file.blob, file.fileName);
      return file.fileName;
    },
  });
}

/** The plain-text export (title, date, participants, then '[01:02] Ann: ...' lines), for the clipboard. */
export async function fetchTranscriptText(meetingId: string): Promise<string> {
  const { blob } = await fetchMeetingExport(meetingId, 'txt');
  return (await blob.text()).trimEnd();
}
