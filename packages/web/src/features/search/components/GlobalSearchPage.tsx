import { CalendarDays, FolderOpen, User } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HighlightedText } from '@/components/highlighted-text';
import { PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { SearchBox } from '@/components/search-box';
import { formatDate, formatTimestamp } from '@/lib/format';
import { meetingPath } from '@/lib/meeting-links';
import { useSearchEverywhere } from '../api/search-everywhere';
import { AskBox } from './AskBox';
import { SearchResultsFrame } from './SearchResultsFrame';

/**
 * /search?q=: every project of the user (decision 162): meetings by title, passages grouped by meeting
 * (each opens the meeting at its moment), people; and a question box over all meetings.
 */
export default function GlobalSearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [pageOf, setPageOf] = useState({ q, page: 1 });
  const page = pageOf.q === q ? pageOf.page : 1;
  const search = useSearchEverywhere(q, page);
  useDocumentTitle('Search');
  const data = search.data;
  const groups: Array<{
    meetingId: string;
    projectId: string;
    title: string;
    hits: NonNullable<typeof data>['segments'];
  }> = [];
  for (const hit of data?.segments ?? []) {
    const last = groups.at(-1);
    if (last?.meetingId === hit.meetingId) last.hits.push(hit);
    else groups.push({ meetingId: hit.meetingId, projectId: hit.projectId, title: hit.meetingTitle, hits: [hit] });
  }

  return (
    <PageContainer className="grid max-w-4xl gap-6">
      <PageHeader title="Search" description="Every meeting of every project" className="mb-0" />
      <AskBox label="Ask a question about all your meetings" />
      <SearchBox
        key={q}
        label="Search every project"
        placeholder="Search meetings, transcripts and people..."
        active={q !== ''}
        initial={q}
        onSearch={(next) => setParams({ q: next })}
        onClear={() => setParams({})}
      />
      {q !== '' && data && (data.meetings.length > 0 || data.people.length > 0) && (
        <div className="grid gap-4 md:grid-cols-2">
          {data.meetings.length > 0 && (
            <section aria-label="Meetings" className="grid gap-2">
              <h2 className="text-sm font-semibold">Meetings</h2>
              <ul className="grid gap-1">
                {data.meetings.map((m) => (
                  <li key={m.meetingId}>
                    <Link to={meetingPath(m.projectId, m.meetingId)} className="hover:bg-accent block rounded-md p-2">
                      <span className="font-medium">
                        <HighlightedText text={m.title} highlights={m.highlights} />
                      </span>
                      <span className="text-muted-foreground ml-2 inline-flex items-center gap-1 text-xs">
                        <CalendarDays className="size-3.5" aria-hidden="true" />
                        {formatDate(m.date)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {data.people.length > 0 && (
            <section aria-label="People" className="grid gap-2">
              <h2 className="text-sm font-semibold">People</h2>
              <ul className="grid gap-1">
                {data.people.map((p) => (
                  <li key={p._id}>
                    <Link
                      to={`/people/${encodeURIComponent(p._id)}`}
                      className="hover:bg-accent flex gap-2 rounded-md p-2"
                    >
                      <User className="size-4" aria-hidden="true" />
                      {p.company ? `${p.name} - ${p.company}` : p.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
      {q !== '' && (
        <SearchResultsFrame query={search} page={page} onPage={(next) => setPageOf({ q, page: next })}>
          <ol className="grid gap-4">
            {groups.map((group) => (
              <li
                key={`${group.meetingId}-${group.hits[0]?.transcriptionId}`}
                className="grid gap-2 rounded-xl border p-4"
              >
                <Link
                  to={meetingPath(group.projectId, group.meetingId)}
                  className="inline-flex items-center gap-2 font-semibold hover:underline"
                >
                  <FolderOpen className="size-4" aria-hidden="true" />
                  {group.title || 'Untitled Meeting'}
                </Link>
                <ul className="grid gap-1">
                  {group.hits.map((hit) => (
                    <li key={hit.transcriptionId}>
                      <Link
                        to={meetingPath(hit.projectId, hit.meetingId, hit.startTime / 1000)}
                        className="hover:bg-accent grid gap-1 rounded-md px-2 py-1.5 text-sm"
                      >
                        <span className="text-muted-foreground flex gap-3 text-xs">
                          <span className="text-foreground font-medium">{hit.speaker}</span>
                          <span className="font-mono tabular-nums">{formatTimestamp(hit.startTime)}</span>
                        </span>
                        <span className="wrap-anywhere whitespace-pre-wrap">
                          <HighlightedText text={hit.text} highlights={hit.highlights} />
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </SearchResultsFrame>
      )}
    </PageContainer>
  );
}
