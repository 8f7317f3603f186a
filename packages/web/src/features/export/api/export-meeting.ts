import { type ExportFormat, routePath, routes } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, buildUrl, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
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
  const headers: Record<string, string> = {};
  const token = readStorage(STORAGE_KEYS.authToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(routePath(routes.exportMeeting, { meetingId }), { format, tz: localTimeZone() }), {
      headers,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, null);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the status line is all there is.
    }
    const error = new ApiError(response.status, `HTTP ${response.status}: ${response.statusText}`, body);
    throw error.serverMessage ? new ApiError(response.status, error.serverMessage, body) : error;
  }
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition'), `meeting.${format}`),
  };
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
