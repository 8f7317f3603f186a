import { LiveStreamEvent, type LiveTranscript, routes } from '@parley/contract';
import { useEffect, useState } from 'react';
import { ApiError, streamRoute } from './api-client';
import type { ServerSentEvent } from './event-stream';

const RECONNECT_MS = 2000;

/**
 * Follows a recording's live transcript (GET /api/meetings/{id}/live/stream, server-sent events read
 * through api-client, so the bearer token goes along). Reconnects while the recording goes on; `done`
 * once the server says the recording is finished.
 */
export function useLiveTranscript(meetingId: string | null): { transcript: LiveTranscript | null; done: boolean } {
  const [transcript, setTranscript] = useState<LiveTranscript | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!meetingId) return;
    const controller = new AbortController();
    let finished = false;
    (async () => {
      while (!controller.signal.aborted && !finished) {
        try {
          finished = await follow(meetingId, controller.signal, setTranscript);
        } catch {
          // network gone or the stream broke: try again shortly
        }
        if (finished) setDone(true);
        else await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
      }
    })();
    return () => controller.abort();
  }, [meetingId]);

  return { transcript, done };
}

/** Reads one connection of the stream; true when it ended with `complete` (or the recording is gone). */
async function follow(
  meetingId: string,
  signal: AbortSignal,
  onTranscript: (t: LiveTranscript) => void,
): Promise<boolean> {
  let events: AsyncIterable<ServerSentEvent>;
  try {
    events = await streamRoute(routes.liveStream, { params: { meetingId }, signal });
  } catch (error) {
    return error instanceof ApiError && error.status === 404; // else try again
  }
  for await (const { data } of events) {
    const event = LiveStreamEvent.safeParse(JSON.parse(data));
    if (!event.success) continue;
    if (event.data.type === 'transcript') onTranscript(event.data.transcript);
    if (event.data.type === 'complete') return true;
  }
  return false;
}
