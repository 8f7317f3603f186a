import { LiveStreamEvent, type LiveTranscript, routePath, routes } from '@parley/contract';
import { useEffect, useState } from 'react';
import { buildUrl } from './api-client';
import { readStorage, STORAGE_KEYS } from './storage';

const RECONNECT_MS = 2000;

/**
 * Follows a recording's live transcript (GET /api/meetings/{id}/live/stream, server-sent events read
 * with fetch so the bearer token goes along). Reconnects while the recording goes on; `done` once the
 * server says the recording is finished.
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
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  const token = readStorage(STORAGE_KEYS.authToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(buildUrl(routePath(routes.liveStream, { meetingId })), {
    headers,
    signal,
  });
  if (response.status === 404) return true;
  if (!response.ok || !response.body) return false;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return false;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      buffer = buffer.slice(end + 2);
      if (!data) continue;
      const event = LiveStreamEvent.safeParse(JSON.parse(data));
      if (!event.success) continue;
      if (event.data.type === 'transcript') onTranscript(event.data.transcript);
      if (event.data.type === 'complete') return true;
    }
  }
}
