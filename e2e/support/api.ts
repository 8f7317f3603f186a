import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** Direct API calls for test set-up (the UI under test is driven through the browser). */
export async function apiCall<T = any>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

export async function uploadByApi(baseUrl: string, token: string, projectId: string, path: string, title: string) {
  const form = new FormData();
  form.append('title', title);
  form.append('recordingType', 'upload');
  form.append('audioFile', new Blob([readFileSync(path)], { type: 'audio/wav' }), basename(path));
  const res = await fetch(`${baseUrl}/api/projects/${projectId}/meetings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { _id: string; duration: number } }).data;
}

/** Puts the token in local storage the way the app's sign-in does, so a test can start signed in. */
export function storeSession(token: string) {
  return `localStorage.setItem('auth_token', ${JSON.stringify(token)});`;
}
