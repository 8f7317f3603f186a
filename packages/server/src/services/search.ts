import type { SearchComponents, SearchResultGroup } from '@parley/contract';
import { notFound } from '../lib/errors.ts';
import { pagination, presentSegment } from '../presenters/index.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { peopleRepository } from '../repositories/people.ts';
import type { projectsRepository } from '../repositories/projects.ts';
import type { SearchRepository } from '../repositories/search.ts';
import { type EngineHit, runSearch } from '../search/engine.ts';
import { matchText } from '../search/word-match.ts';

interface Deps {
  search: SearchRepository;
  meetings: ReturnType<typeof meetingsRepository>;
  projects: ReturnType<typeof projectsRepository>;
  people: ReturnType<typeof peopleRepository>;
}

/** Candidates per retriever: a meeting is searched whole; wider scopes keep the best of each list. */
const MEETING_CAP = 2000;
const WIDE_CAP = 300;
/** Hits listed under one meeting of a grouped project search (matchCount still counts them all). */
const HITS_PER_GROUP = 5;

const presentHit = (hit: EngineHit) => ({
  ...presentSegment(hit.row),
  highlights: hit.highlights,
  score: hit.score,
  matchedBy: hit.matchedBy,
});

interface Paging {
  page: number;
  limit: number;
}
const slice = <T>(items: T[], { page, limit }: Paging) => items.slice((page - 1) * limit, page * limit);

export function searchService({ search, meetings, projects, people }: Deps) {
  return {
    async inMeeting(userId: string, meetingId: string, query: Paging & { q: string }) {
      if (!(await meetings.findForUser(userId, meetingId))) throw notFound('Meeting');
      const result = await runSearch(search, { userId, meetingId }, query.q, MEETING_CAP);
      return {
        transcriptions: slice(result.hits, query).map(presentHit),
        searchType: 'hybrid' as const,
        components: result.components,
        pagination: pagination(query.page, query.limit, result.hits.length),
      };
    },

    async inProject(userId: string, projectId: string, query: Paging & { q: string; groupByMeeting: boolean }) {
      if (!(await projects.findForUser(userId, projectId))) throw notFound('Project');
      const [result, projectMeetings] = await Promise.all([
        runSearch(search, { userId, projectId }, query.q, WIDE_CAP),
        search.meetingsOfProject(userId, projectId),
      ]);
      const groups = new Map<string, SearchResultGroup & { best: number }>();
      const groupOf = (id: string, title: string, date: string) => {
        let group = groups.get(id);
        if (!group) {
          group = {
            meetingId: id,
            meetingTitle: title,
            meetingDate: date,
            matchCount: 0,
            titleMatch: false,
            transcriptions: [],
            best: 0,
          };
          groups.set(id, group);
        }
        return group;
      };
      if (!query.groupByMeeting) {
        const hits = slice(result.hits, query).map((hit) => ({
          ...groupOf(hit.row.meeting_id, hit.row.meeting_title, hit.row.meeting_created_at),
          matchCount: 1,
          transcriptions: [presentHit(hit)],
        }));
        return projectResponse(
          hits,
          result.components,
          projectMeetings.length,
          pagination(query.page, query.limit, result.hits.length),
        );
      }
      for (const hit of result.hits) {
        const group = groupOf(hit.row.meeting_id, hit.row.meeting_title, hit.row.meeting_created_at);
        group.matchCount++;
        group.best = Math.max(group.best, hit.score);
        if (group.transcriptions.length < HITS_PER_GROUP) group.transcriptions.push(presentHit(hit));
      }
      // A meeting whose title matches is a result even when no segment does, ranked as a first place.
      for (const meeting of projectMeetings) {
        if (!matchText(result.query, meeting.title).allTermsMatched || result.query.terms.length === 0) continue;
        const group = groupOf(meeting.id, meeting.title, meeting.created_at);
        group.titleMatch = true;
        group.best += 1 / 61;
      }
      const ranked = [...groups.values()].sort((a, b) => b.best - a.best).map(({ best: _, ...group }) => group);
      return projectResponse(
        slice(ranked, query),
        result.components,
        projectMeetings.length,
        pagination(query.page, query.limit, ranked.length),
      );
    },

    async forPerson(userId: string, personId: string, query: Paging & { q: string }) {
      if (!(await people.findForUser(userId, personId))) throw notFound('Person');
      const result = await runSearch(search, { userId, personId }, query.q, WIDE_CAP);
      return {
        transcriptions: slice(result.hits, query).map(presentHit),
        pagination: pagination(query.page, query.limit, result.hits.length),
      };
    },
  };
}

function projectResponse(
  results: SearchResultGroup[],
  components: SearchComponents,
  meetingsSearched: number,
  page: ReturnType<typeof pagination>,
) {
  return {
    results,
    searchType: 'hybrid' as const,
    strategy: 'reciprocal-rank-fusion' as const,
    meetingsSearched,
    components,
    pagination: page,
  };
}

export type SearchService = ReturnType<typeof searchService>;
