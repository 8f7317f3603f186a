import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** Posts a meeting upload as the browser does: multipart with audioFile, title, recordingType, duration. */
export async function uploadMeeting(
  baseUrl: string,
  token: string,
  projectId: string,
  file: { path?: string; bytes?: Uint8Array; name?: string; type?: string },
  fields: Record<string, string> = { title: 'Test meeting', recordingType: 'upload' },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const bytes = file.bytes ?? readFileSync(file.path!);
  form.append(
    'audioFile',
    // Node's buffers are never shared; the DOM typing (bench and e2e compile with it) wants that said.
    new Blob([bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? 'audio/wav' }),
    file.name ?? basename(file.path ?? 'audio.wav'),
  );
  return postMeetingForm(baseUrl, token, projectId, form);
}

async function postMeetingForm(baseUrl: string, token: string, projectId: string, form: FormData) {
  const response = await fetch(`${baseUrl}/api/projects/${projectId}/meetings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** Posts a transcript import: `transcriptFile`, optionally beside an `audioFile`, as the Upload tab does. */
export async function importTranscript(
  baseUrl: string,
  token: string,
  projectId: string,
  transcript: { name: string; text: string | Uint8Array; type?: string },
  options: { audioPath?: string; fields?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? { title: 'Imported meeting', recordingType: 'upload' }))
    form.append(key, value);
  if (options.audioPath) {
    form.append(
      'audioFile',
      new Blob([readFileSync(options.audioPath)], { type: 'audio/wav' }),
      basename(options.audioPath),
    );
  }
  form.append(
    'transcriptFile',
    new Blob([transcript.text as string | Uint8Array<ArrayBuffer>], { type: transcript.type ?? '' }),
    transcript.name,
  );
  return postMeetingForm(baseUrl, token, projectId, form);
}
