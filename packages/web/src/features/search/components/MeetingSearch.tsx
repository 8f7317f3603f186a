import { useEffect } from 'react';
import { SearchBox } from '@/components/search-box';
import { useMeetingSearch } from '../api/search-meeting';
import { useSearchQuery } from '../hooks/use-search-query';
import { SearchHitRow } from './SearchHitRow';
import { SearchResultsFrame } from './SearchResultsFrame';

/**
 * The Transcription tab's search (spec section 2). While a search is shown the tab hides the full
 * transcript (`onActiveChange`); clicking a hit plays the recording from that segment.
 */
export function MeetingSearch({
  meetingId,
  onSeek,
  onActiveChange,
}: {
  meetingId: string;
  onSeek: (ms: number) => void;
  onActiveChange?: (active: boolean) => void;
}) {
  const { q, page, setPage, active, search: submit, clear } = useSearchQuery();
  const search = useMeetingSearch(meetingId, q, page);
  useEffect(() => onActiveChange?.(active), [active, onActiveChange]);

  return (
    <div className="grid gap-3">
      <SearchBox
        label="Search transcriptions"
        placeholder="Search transcriptions..."
        active={active}
        onSearch={submit}
        onClear={clear}
      />
      {active && (
        <SearchResultsFrame query={search} page={page} onPage={setPage}>
          <ol className="grid gap-2">
            {search.data?.transcriptions.map((hit) => (
              <li key={hit._id}>
                <button
                  type="button"
                  onClick={() => onSeek(hit.startTime)}
                  className="hover:bg-accent focus-visible:ring-ring/50 w-full rounded-lg border p-3 outline-none focus-visible:ring-[3px]"
                  aria-label={`Play from ${Math.floor(hit.startTime / 1000)} seconds: ${hit.text}`}
                >
                  <SearchHitRow hit={hit} />
                </button>
              </li>
            ))}
          </ol>
        </SearchResultsFrame>
      )}
    </div>
  );
}
