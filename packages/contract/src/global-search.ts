import { z } from 'zod';
import { Id, IsoDate, Pagination, success } from './common.ts';
import { LIMITS } from './limits.ts';
import { Highlight, SearchText } from './search.ts';

// The search across every project of the user (the header's search box): meetings by title, passages
// grouped by meeting, and people. GET /api/search?q=&page=&limit= (decision 162).

export const GlobalSearchQuery = z.object({
  q: SearchText,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.searchPageSize),
});

export const GlobalSearchMeeting = z.object({
  meetingId: Id,
  projectId: Id,
  title: z.string(),
  date: IsoDate,
  /** Matched ranges of the title. */
  highlights: z.array(Highlight),
});

/** A passage: segments come grouped by meeting (meetings by their best passage), best first within one. */
export const GlobalSearchSegment = z.object({
  meetingId: Id,
  projectId: Id,
  transcriptionId: Id,
  meetingTitle: z.string(),
  text: z.string(),
  /** Milliseconds from the start of the recording. */
  startTime: z.number().min(0),
  speaker: z.string(),
  highlights: z.array(Highlight),
});
export type GlobalSearchSegment = z.infer<typeof GlobalSearchSegment>;

export const GlobalSearchPerson = z.object({ _id: Id, name: z.string(), company: z.string().nullable() });

export const GlobalSearchResponse = success(
  z.object({
    meetings: z.array(GlobalSearchMeeting),
    segments: z.array(GlobalSearchSegment),
    people: z.array(GlobalSearchPerson),
    /** Pages of passages (meetings and people are listed whole, at most 20 each, on every page). */
    pagination: Pagination,
  }),
);
export type GlobalSearchResult = z.infer<typeof GlobalSearchResponse>['data'];
