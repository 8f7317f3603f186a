import type { Meeting, SummaryStreamRequest } from '@parley/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { meetingKeys } from '@/api/meetings/keys';
import { SUMMARY_FALLBACK_ERROR, SummaryStreamError, streamSummary } from '../api/stream-summary';

export type SummaryStreamState =
  | { status: 'idle' }
  | { status: 'streaming'; text: string }
  | { status: 'error'; message: string };

/**
 * Summary states of spec section 4: a chunk appends, complete replaces the meeting in the cache and
 * stops, an error shows its message and stops. Leaving the page closes the stream, which cancels the
 * generation on the server.
 */
export function useSummaryStream(projectId: string, meetingId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SummaryStreamState>({ status: 'idle' });
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(
    async (options: SummaryStreamRequest = {}) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setState({ status: 'streaming', text: '' });
      try {
        const meeting = await streamSummary(projectId, meetingId, {
          signal: controller.signal,
          options,
          onChunk: (content) =>
            setState((current) =>
              current.status === 'streaming' ? { status: 'streaming', text: current.text + content } : current,
            ),
        });
        queryClient.setQueryData<Meeting>(meetingKeys.detail(projectId, meetingId), meeting);
        setState({ status: 'idle' });
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          message: error instanceof SummaryStreamError ? error.message : SUMMARY_FALLBACK_ERROR,
        });
      }
    },
    [projectId, meetingId, queryClient],
  );

  return { state, start };
}
