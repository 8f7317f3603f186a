import type { NotesSegment } from '../../src/ai/types.ts';
import { transcribeJobKey } from '../../src/services/job-keys.ts';
import { meetingLifecycle } from '../../src/services/meeting-lifecycle.ts';
import { jfkWavPath } from '../fixtures/audio.ts';
import type { TestServer } from './server.ts';
import { uploadMeeting } from './uploads.ts';

/**
 * A meeting whose transcript is already there: uploaded for real, then given the segments of a real
 * transcript (the AMI set) the way the transcription job writes them, so notes tests need no speech model.
 */
export async function seedTranscribedMeeting(
  server: TestServer,
  owner: { token: string; userId: string },
  projectId: string,
  segments: NotesSegment[],
  title = 'Design meeting',
): Promise<string> {
  const upload = await uploadMeeting(
    server.url,
    owner.token,
    projectId,
    { path: jfkWavPath() },
    { title, recordingType: 'upload' },
  );
  if (upload.status !== 201) throw new Error(`upload failed: ${JSON.stringify(upload.body)}`);
  const meetingId = upload.body.data._id as string;
  const { db, repos } = server.ctx;
  await db.transaction().execute(async (trx) => {
    await repos.jobs.deleteByKey(trx, transcribeJobKey(meetingId));
    await repos.transcriptions.replaceForMeeting(trx, owner.userId, meetingId, segments);
    if (!(await meetingLifecycle(repos).transcribed(trx, meetingId, {})))
      throw new Error('the seeded meeting was not waiting for its transcript');
  });
  return meetingId;
}

export interface SseEvent {
  type: string;
  content?: string;
  message?: string;
  meeting?: { summary?: string; _id: string };
}

/** Reads a `text/event-stream` body to its end: the `data:` events and the comment lines. */
export async function readSse(response: Response): Promise<{ events: SseEvent[]; comments: string[] }> {
  const text = await response.text();
  const events: SseEvent[] = [];
  const comments: string[] = [];
  for (const block of text.split('\n\n')) {
    for (const line of block.split('\n')) {
      if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
      else if (line.startsWith(':')) comments.push(line.slice(1).trim());
    }
  }
  return { events, comments };
}

/** Polls the meeting until action-item generation has finished (a condition, not a fixed sleep). */
export async function waitForActionItems(
  url: string,
  token: string,
  projectId: string,
  meetingId: string,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${url}/api/projects/${projectId}/meetings/${meetingId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const meeting = ((await response.json()) as { data: { actionItemsStatus: string } }).data;
    if (meeting.actionItemsStatus === 'completed' || meeting.actionItemsStatus === 'failed') return meeting;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('action items did not finish in time');
}
