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
    new Blob([bytes], { type: file.type ?? 'audio/wav' }),
    file.name ?? basename(file.path ?? 'audio.wav'),
  );
  const response = await fetch(`${baseUrl}/api/projects/${projectId}/meetings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}
