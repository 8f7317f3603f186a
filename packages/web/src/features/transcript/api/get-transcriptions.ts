import { LIMITS, routes, type TranscriptionPage, type TranscriptionSegment } from '@parley/contract';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { transcriptKeys } from './keys';

export type TranscriptPage = TranscriptionPage;

export type TranscriptData = InfiniteData<TranscriptPage, number>;

export async function getTranscriptPage(
  meetingId: string,
  page: number,
  limit: number = LIMITS.transcriptPageSize,
): Promise<TranscriptPage> {
  const reply = await callRoute(routes.transcriptPage, { params: { meetingId }, query: { page, limit } });
  return reply.data;
}

export const transcriptQueryOptions = (meetingId: string) =>
  infiniteQueryOptions({
    queryKey: transcriptKeys.list(meetingId),
    queryFn: ({ pageParam }) => getTranscriptPage(meetingId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
  });

/** The transcript, page by page; it only starts once the meeting's transcription is completed. */
export function useTranscript(meetingId: string, enabled: boolean) {
  return useInfiniteQuery({ ...transcriptQueryOptions(meetingId), enabled });
}

/** Applies `change` to every loaded segment (null drops it), keeping the pages' shape. */
export function mapLoadedSegments(
  data: TranscriptData | undefined,
  change: (segment: TranscriptionSegment) => TranscriptionSegment | null,
): TranscriptData | undefined {
  if (!data) return data;
  let removed = 0;
  const pages = data.pages.map((page) => {
    const transcriptions: TranscriptionSegment[] = [];
    for (const segment of page.transcriptions) {
      const next = change(segment);
      if (next) transcriptions.push(next);
      else removed += 1;
    }
    return { ...page, transcriptions };
  });
  return {
    ...data,
    pages: pages.map((page) => ({
      ...page,
      pagination: { ...page.pagination, total: Math.max(0, page.pagination.total - removed) },
    })),
  };
}

/**
 * Spec section 4: after a failed edit or delete the list reloads from page 1. The loaded pages are cut
 * back to the first and that page is fetched again, keeping the list (and any open dialog) on screen;
 * later pages load again as the user scrolls.
 */
export function reloadFromFirstPage(queryClient: QueryClient, meetingId: string) {
  const queryKey = transcriptKeys.list(meetingId);
  queryClient.setQueryData<TranscriptData>(queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  return queryClient.invalidateQueries({ queryKey });
}
