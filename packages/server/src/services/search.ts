import type { SearchResultGroup } from '@parley/contract';
import { notFound } from '../lib/errors.ts';
import { pagination, presentSegment } from '../presenters/index.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { peopleRepository } from '../repositories/people.ts';
import type { projectsRepository } from '../repositories/projects.ts';
import type { EngineHit, EngineResult } from '../search/engine.ts';
import type { SearchIndex } from '../search/index.ts';

interface Deps {
  index: SearchIndex;
  meetings: ReturnType<typeof meetingsRepository>;
  projects: ReturnType<typeof projectsRepository>;
  people: ReturnType<typeof peopleRepository>;
}

/** Candidates per retriever: a meeting is searched whole; wider scopes keep the best of each list. */
const MEETING_CAP = 2000;
const WIDE_CAP = 300;
/** Meetings found by title and people found by name in the global search: the first few. */
const LISTED = 20;
/** Hits listed under one meeting of a grouped project search (matchCount still counts them all). */
const HITS_PER_GROUP = 5;

/** The page's hits as the API shows them to `viewerId`: their segments are read only now. */
const present = async (result: EngineResult, hits: EngineHit[], viewerId: string) =>
  (await result.load(hits)).map(({ hit, row }) => ({
    ...presentSegment(row, viewerId),
    highlights: result.highlights(row.text),
    score: hit.score,
    matchedBy: hit.matchedBy,
  }));

/** A title match ranks like a first place in one more retriever (RRF with k = 60). */
const TITLE_MATCH_SCORE = 1 / 61;

type MeetingFields = Omit<SearchResultGroup, 'matchCount' | 'transcriptions'>;
type MeetingGroup = MeetingFields & { hits: EngineHit[]; best: number };

interface Paging {
  page: number;
  limit: number;
}
const byId = <T extends { _id: string }>(items: T[]) => new Map(items.map((item) => [item._id, item]));
const slice = <T>(items: T[], { page, limit }: Paging) => items.slice((page - 1) * limit, page * limit);

export function searchService({ index, meetings, projects, people }: Deps) {
  return {
    /** `viewerId`: who searches (a contact's company is its owner's to see), the holder `userId` unless said. */
    async inMeeting(userId: string, meetingId: string, query: Paging & { q: string }, viewerId = userId) {
      // The search is scoped to the user, so it runs while the meeting is looked up (one round trip less).
      const [meeting, result] = await Promise.all([
        meetings.findForUser(userId, meetingId),
        index.run({ userId, meetingId }, query.q, MEETING_CAP),
      ]);
      if (!meeting) throw notFound('Meeting');
      return {
        transcriptions: await present(result, slice(result.hits, query), viewerId),
        searchType: 'hybrid' as const,
        components: result.components,
        pagination: pagination(query.page, query.limit, result.hits.length),
      };
    },

    async inProject(
      userId: string,
      projectId: string,
      query: Paging & { q: string; groupByMeeting: boolean },
      viewerId = userId,
    ) {
      const [project, result, projectMeetings] = await Promise.all([
        projects.findForUser(userId, projectId),
        index.run({ userId, projectId }, query.q, WIDE_CAP),
        meetings.listForProject(userId, projectId),
      ]);
      if (!project) throw notFound('Project');
      const respond = (results: SearchResultGroup[], total: number) => ({
        results,
        searchType: 'hybrid' as const,
        strategy: 'reciprocal-rank-fusion' as const,
        meetingsSearched: projectMeetings.length,
        components: result.components,
        pagination: pagination(query.page, query.limit, total),
      });
      const meetingById = new Map(projectMeetings.map((m) => [m.id, m]));
      const groupFields = (meetingId: string) => {
        const meeting = meetingById.get(meetingId);
        return (
          meeting && { meetingId, meetingTitle: meeting.title, meetingDate: meeting.created_at, titleMatch: false }
        );
      };

      if (!query.groupByMeeting) {
        const hits = slice(result.hits, query);
        const shown = byId(await present(result, hits, viewerId));
        const page = hits.flatMap((hit) => {
          const fields = groupFields(hit.meetingId);
          const segment = shown.get(hit.id);
          return fields && segment ? [{ ...fields, matchCount: 1, transcriptions: [segment] }] : [];
        });
        return respond(page, result.hits.length);
      }

      const groups = new Map<string, MeetingGroup>();
      for (const hit of result.hits) {
        const fields = groupFields(hit.meetingId);
        if (!fields) continue; // moved to another project since it was matched
        const group = groups.get(hit.meetingId) ?? { ...fields, hits: [], best: 0 };
        group.hits.push(hit);
        group.best = Math.max(group.best, hit.score);
        groups.set(hit.meetingId, group);
      }
      // A meeting whose title matches is a result even when no segment does, ranked as a first place.
      const titleMatches = result.match;
      for (const meeting of projectMeetings) {
        if (result.query.terms.length === 0 || !titleMatches(meeting.title).allTermsMatched) continue;
        const group = groups.get(meeting.id) ?? { ...(groupFields(meeting.id) as MeetingFields), hits: [], best: 0 };
        group.titleMatch = true;
        group.best += TITLE_MATCH_SCORE;
        groups.set(meeting.id, group);
      }
      const pageGroups = slice(
        [...groups.values()].sort((a, b) => b.best - a.best),
        query,
      );
      // Only the hits the page lists are read, in one query.
      const shown = byId(
        await present(
          result,
          pageGroups.flatMap((group) => group.hits.slice(0, HITS_PER_GROUP)),
          viewerId,
        ),
      );
      const page = pageGroups.map(({ hits, best: _, ...group }) => ({
        ...group,
        matchCount: hits.length,
        transcriptions: hits.slice(0, HITS_PER_GROUP).flatMap((hit) => shown.get(hit.id) ?? []),
      }));
      return respond(page, groups.size);
    },

    /** Every project of the user: meetings by title, passages grouped by meeting, people (decision 162). */
    async everywhere(userId: string, query: Paging & { q: string }) {
      const [result, userMeetings] = await Promise.all([
        index.run({ userId }, query.q, WIDE_CAP),
        meetings.titlesForUser(userId),
      ]);
      const titled = userMeetings
        .flatMap((m) => {
          const { highlights, allTermsMatched } = result.match(m.title);
          return allTermsMatched
            ? [{ meetingId: m.id, projectId: m.project_id, title: m.title, date: m.created_at, highlights }]
            : [];
        })
        .slice(0, LISTED);
      // Passages grouped by meeting: meetings by their best passage (hits come best first).
      const byMeeting = new Map<string, EngineHit[]>();
      for (const hit of result.hits) byMeeting.set(hit.meetingId, [...(byMeeting.get(hit.meetingId) ?? []), hit]);
      const grouped = [...byMeeting.values()].flat();
      const page = await result.load(slice(grouped, query));
      const people = await index.people(userId, result.match);
      return {
        meetings: titled,
        segments: page.map(({ row }) => ({
          meetingId: row.meeting_id,
          projectId: row.meeting_project_id,
          transcriptionId: row.id,
          meetingTitle: row.meeting_title,
          text: row.text,
          startTime: row.start_ms,
          // The name a reader knows: the linked person's, else the label (renamed or not).
          speaker: row.person_name ?? row.speaker,
          highlights: result.highlights(row.text),
        })),
        people: people.map((p) => ({ _id: p.id, name: p.name, company: p.company })),
        pagination: pagination(query.page, query.limit, grouped.length),
      };
    },

    async forPerson(userId: string, personId: string, query: Paging & { q: string }) {
      if (!(await people.findForUser(userId, personId))) throw notFound('Person');
      const result = await index.run({ userId, personId }, query.q, WIDE_CAP);
      return {
        transcriptions: await present(result, slice(result.hits, query), userId),
        pagination: pagination(query.page, query.limit, result.hits.length),
      };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
