import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { SearchBox } from '@/components/search-box';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { meetingPath } from '@/lib/meeting-links';
import { useProjectSearch } from '../api/search-project';
import { useSearchQuery } from '../hooks/use-search-query';
import { SearchHitRow } from './SearchHitRow';
import { SearchResultsFrame } from './SearchResultsFrame';

/** Project detail's search (spec section 2): hits grouped by meeting; each opens the meeting at its time. */
export function ProjectSearch({ projectId }: { projectId: string }) {
  const { q, page, setPage, active, search: submit, clear } = useSearchQuery();
  const search = useProjectSearch(projectId, q, page);

  return (
    <section aria-label="Search this project" className="grid gap-3">
      <SearchBox
        label="Search this project's transcripts"
        placeholder="Search transcripts in this project..."
        active={active}
        onSearch={submit}
        onClear={clear}
      />
      {active && (
        <SearchResultsFrame query={search} page={page} onPage={setPage}>
          <ol className="grid gap-4">
            {search.data?.results.map((group) => (
              <li key={group.meetingId} className="grid gap-2 rounded-xl border p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={meetingPath(projectId, group.meetingId)} className="font-semibold hover:underline">
                    {group.meetingTitle || 'Untitled Meeting'}
                  </Link>
                  <span className="text-muted-foreground flex items-center gap-3 text-xs">
                    <span className="inline-flex items-center gap-1">
                      <CalendarDays className="size-3.5" aria-hidden="true" />
                      {formatDate(group.meetingDate)}
                    </span>
                    <Badge variant="secondary">{group.matchCount} match(es)</Badge>
                  </span>
                </div>
                {group.transcriptions.length > 0 && (
                  <ul className="grid gap-1">
                    {group.transcriptions.map((hit) => (
                      <li key={hit._id}>
                        <Link
                          to={meetingPath(projectId, group.meetingId, hit.startTime / 1000)}
                          className="hover:bg-accent block rounded-md px-2 py-1.5"
                        >
                          <SearchHitRow hit={hit} />
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </SearchResultsFrame>
      )}
    </section>
  );
}
