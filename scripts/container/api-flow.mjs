// What a person does with a fresh Parley, through its HTTP API only (issue 39's container check runs it
// inside the container and from the host). Plain JS on Node's fetch: it runs on the image's Node too.
//   node api-flow.mjs BASE transcribe FILE.wav   registers, uploads, waits for the transcript
//   node api-flow.mjs BASE find EMAIL PASSWORD PROJECT_ID MEETING_ID   signs in and reads that meeting back
// Prints one JSON line: { email, password, projectId, meetingId, status, text, seconds }.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [base, action, ...args] = process.argv.slice(2);
const WAIT_MS = 180_000;

async function call(path, { token, json, form, method = json || form ? 'POST' : 'GET' } = {}) {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  if (json) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: json ? JSON.stringify(json) : form });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** The meeting once its transcription has ended, and its transcript's text. */
async function finished(token, projectId, meetingId) {
  const deadline = Date.now() + WAIT_MS;
  let meeting = await call(`/api/projects/${projectId}/meetings/${meetingId}`, { token });
  while (meeting.transcriptionStatus === 'pending' || meeting.transcriptionStatus === 'processing') {
    if (Date.now() > deadline) throw new Error(`still ${meeting.transcriptionStatus} after ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250)); // polling the server, as the web app does
    meeting = await call(`/api/projects/${projectId}/meetings/${meetingId}`, { token });
  }
  const page = await call(`/api/meetings/${meetingId}/transcriptions?limit=100`, { token });
  return { meeting, text: page.transcriptions.map((segment) => segment.text).join(' ') };
}

async function transcribe(file) {
  const email = `container-${Date.now()}@example.com`;
  const password = 'container-check-password';
  const { token } = await call('/auth/register', { json: { name: 'Container Check', email, password } });
  const project = await call('/api/projects', { token, json: { name: 'Container check' } });
  const form = new FormData();
  form.append('title', 'Container check');
  form.append('recordingType', 'upload');
  form.append('audioFile', new Blob([readFileSync(file)], { type: 'audio/wav' }), basename(file));
  const started = performance.now();
  const created = await call(`/api/projects/${project._id}/meetings`, { token, form });
  const { meeting, text } = await finished(token, project._id, created._id);
  const seconds = (performance.now() - started) / 1000;
  return {
    email,
    password,
    projectId: project._id,
    meetingId: meeting._id,
    status: meeting.transcriptionStatus,
    text,
    seconds,
  };
}

async function find(email, password, projectId, meetingId) {
  const { token } = await call('/auth/login', { json: { email, password } });
  const { meeting, text } = await finished(token, projectId, meetingId);
  return { email, password, projectId, meetingId, status: meeting.transcriptionStatus, text, seconds: 0 };
}

const result = action === 'transcribe' ? await transcribe(args[0]) : await find(...args);
console.log(JSON.stringify(result));
