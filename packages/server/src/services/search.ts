import type { SearchResultGroup } from '@parley/contract';
import { notFound } from '../lib/errors.ts';
import { pagination, presentSegment } from '../presenters/index.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { peopleRepository } from '../repositories/people.ts';
import type { projectsRepository } from '../repositories/projects.ts';
import type { SearchRepository } from '../repositories/search.ts';
import { type EngineHit, type EngineResult, runSearch } from '../search/engine.ts';
import type { SemanticRetriever } from '../search/semantic/retriever.ts';
import { textMatcher } from '../search/word-match.ts';

interface Deps {
  search: SearchRepository;
  meetings: ReturnType<typeof meetingsRepository>;
  projects: ReturnType<typeof projectsRepository>;
  people: ReturnType<typeof peopleRepository>;
  /** Present when an embeddings endpoint is configured. */
  semantic?: SemanticRetriever;
}

/** Candidates per retriever: a meeting is searched whole; wider scopes keep the best of each list. */
const MEETING_CAP = 2000;
const WIDE_CAP = 300;
/** Hits listed under one meeting of a grouped project search (matchCount still counts them all). */
const HITS_PER_GROUP = 5;

const presenter = (result: EngineResult) => (hit: EngineHit) => ({
  ...presentSegment(hit.row),
  highlights: result.highlights(hit),
  score: hit.score,
  matchedBy: hit.matchedBy,
});

/** A title match ranks like a first place in one more retriever (RRF with k = 60). */
const TITLE_MATCH_SCORE = 1 / 61;

type MeetingGroup = Omit<SearchResultGroup, 'matchCount' | 'transcriptions'> & { hits: EngineHit[]; best: number };

interface Paging {
  page: number;
  limit: number;
}
const slice = <T>(items: T[], { page, limit }: Paging) => items.slice((page - 1) * limit, page * limit);

export function searchService({ search, meetings, projects, people, semantic }: Deps) {
  return {
    async inMeeting(userId: string, meetingId: string, query: Paging & { q: string }) {
      if (!(await meetings.findForUser(userId, meetingId))) throw notFound('Meeting');
      const result = await runSearch(search, { userId, meetingId }, query.q, MEETING_CAP, semantic);
      return {
        transcriptions: slice(result.hits, query).map(presenter(result)),
        searchType: 'hybrid' as const,
        components: result.components,
        pagination: pagination(query.page, query.limit, result.hits.length),
      };
    },

    async inProject(userId: string, projectId: string, query: Paging & { q: string; groupByMeeting: boolean }) {
      if (!(await projects.findForUser(userId, projectId))) throw notFound('Project');
      const [result, projectMeetings] = await Promise.all([
        runSearch(search, { userId, projectId }, query.q, WIDE_CAP, semantic),
        search.meetingsOfProject(userId, projectId),
      ]);
      const present = presenter(result);
      const respond = (results: SearchResultGroup[], total: number) => ({
        results,
        searchType: 'hybrid' as const,
        strategy: 'reciprocal-rank-fusion' as const,
        meetingsSearched: projectMeetings.length,
        components: result.components,
        pagination: pagination(query.page, query.limit, total),
      });
      const groupFields = (hit: EngineHit) => ({
        meetingId: hit.row.meeting_id,
        meetingTitle: hit.row.meeting_title,
        meetingDate: hit.row.meeting_created_at,
        titleMatch: false,
      });

      if (!query.groupByMeeting) {
        const page = slice(result.hits, query).map((hit) => ({
          ...groupFields(hit),
          matchCount: 1,
          transcriptions: [present(hit)],
        }));
        return respond(page, result.hits.length);
      }

      const groups = new Map<string, MeetingGroup>();
      for (const hit of result.hits) {
        const group = groups.get(hit.row.meeting_id) ?? { ...groupFields(hit), hits: [], best: 0 };
        group.hits.push(hit);
        group.best = Math.max(group.best, hit.score);
        groups.set(hit.row.meeting_id, group);
      }
      // A meeting whose title matches is a result even when no segment does, ranked as a first place.
      const titleMatches = textMatcher(result.query);
      for (const meeting of projectMeetings) {
        if (result.query.terms.length === 0 || !titleMatches(meeting.title).allTermsMatched) continue;
        const group = groups.get(meeting.id) ?? {
          meetingId: meeting.id,
          meetingTitle: meeting.title,
          meetingDate: meeting.created_at,
          titleMatch: true,
          hits: [],
          best: 0,
        };
        group.titleMatch = true;
        group.best += TITLE_MATCH_SCORE;
        groups.set(meeting.id, group);
      }
      const ranked = [...groups.values()].sort((a, b) => b.best - a.best);
      const page = slice(ranked, query).map(({ hits, best: _, ...group }) => ({
        ...group,
        matchCount: hits.length,
        transcriptions: hits.slice(0, HITS_PER_GROUP).map(present),
      }));
      return respond(page, ranked.length);
    },

    async forPerson(userId: string, personId: string, query: Paging & { q: string }) {
      if (!(await people.findForUser(userId, personId))) throw notFound('Person');
      const result = await runSearch(search, { userId, personId }, query.q, WIDE_CAP, semantic);
      return {
        transcriptions: slice(result.hits, query).map(presenter(result)),
        pagination: pagination(query.page, query.limit, result.hits.length),
      };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
