export { fetchMeetingExport, fetchTranscriptText, useExportMeeting } from './api/export-meeting';
export { CopyTranscriptButton } from './components/CopyTranscriptButton';
export { ExportMenu } from './components/ExportMenu';
export { fileNameFromDisposition } from './lib/content-disposition';
