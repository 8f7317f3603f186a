import { z } from 'zod';
import { Id, IsoDate, Pagination, success } from './common.ts';
import { LIMITS } from './limits.ts';
import { TranscriptionSegment } from './transcriptions.ts';

// The three searches (spec sections 3 and 7): in a meeting, across a project, and a person's segments.

export const SEARCH_QUERY_MAX = 200;

/** What the user typed. Blank (after trimming) is refused: the web app clears the search instead. */
export const SearchText = z
  .string({ error: 'Search query is required' })
  .trim()
  .min(1, 'Search query cannot be empty')
  .max(SEARCH_QUERY_MAX, `Search query must be at most ${SEARCH_QUERY_MAX} characters`);

const page = z.coerce.number().int().min(1).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(LIMITS.searchPageSize);

export const MeetingSearchQuery = z.object({ q: SearchText, page, limit });
export const ProjectSearchQuery = z.object({
  q: SearchText,
  page,
  limit,
  groupByMeeting: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

/** `speaker`: the query names the person or the speaker label of the segment (decision 162). */
export const Retriever = z.enum(['keyword', 'fuzzy', 'phonetic', 'semantic', 'speaker']);
export type Retriever = z.infer<typeof Retriever>;

/** A matched character range of a segment's text: [start, end). */
export const Highlight = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type Highlight = z.infer<typeof Highlight>;

export const SearchHit = TranscriptionSegment.extend({
  highlights: z.array(Highlight),
  /** Reciprocal-rank-fusion score: higher is better; only comparable within one response. */
  score: z.number(),
  matchedBy: z.array(Retriever),
});
export type SearchHit = z.infer<typeof SearchHit>;

const Component = z.object({ enabled: z.boolean(), hits: z.number().int().min(0), reason: z.string().optional() });
/** The retrievers a search used and how many segments each found. */
export const SearchComponents = z.object({
  keyword: Component,
  fuzzy: Component,
  phonetic: Component,
  semantic: Component,
});
export type SearchComponents = z.infer<typeof SearchComponents>;

export const SearchType = z.enum(['hybrid']);

export const MeetingSearchResponse = success(
  z.object({
    transcriptions: z.array(SearchHit),
    searchType: SearchType,
    components: SearchComponents,
    pagination: Pagination,
  }),
);
export type MeetingSearchResult = z.infer<typeof MeetingSearchResponse>['data'];

export const SearchResultGroup = z.object({
  meetingId: Id,
  meetingTitle: z.string(),
  meetingDate: IsoDate,
  /** Every matching segment of the meeting, not only those listed. */
  matchCount: z.number().int().min(0),
  /** The meeting's title matched the query too. */
  titleMatch: z.boolean(),
  transcriptions: z.array(SearchHit),
});
export type SearchResultGroup = z.infer<typeof SearchResultGroup>;

export const ProjectSearchResponse = success(
  z.object({
    results: z.array(SearchResultGroup),
    searchType: SearchType,
    strategy: z.literal('reciprocal-rank-fusion'),
    meetingsSearched: z.number().int().min(0),
    components: SearchComponents,
    /** Counts meetings when results are grouped, segments otherwise. */
    pagination: Pagination,
  }),
);
export type ProjectSearchResult = z.infer<typeof ProjectSearchResponse>['data'];

/** A person's segments; with `search`, each carries its highlights and score. */
export const PersonTranscriptionsResponse = success(
  z.object({
    transcriptions: z.array(
      TranscriptionSegment.extend({
        highlights: z.array(Highlight).optional(),
        score: z.number().optional(),
        matchedBy: z.array(Retriever).optional(),
      }),
    ),
    pagination: Pagination,
  }),
);
export type PersonTranscription = z.infer<typeof PersonTranscriptionsResponse>['data']['transcriptions'][number];

/** One page of a person's segments (the data of PersonTranscriptionsResponse). */
export const PersonTranscriptionsPage = PersonTranscriptionsResponse.shape.data;
export type PersonTranscriptionsPage = z.infer<typeof PersonTranscriptionsPage>;
