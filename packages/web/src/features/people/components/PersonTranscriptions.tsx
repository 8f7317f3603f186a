import type { TranscriptionSegment } from '@parley/contract';
import { ChevronLeft, ChevronRight, Search, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { DelayedSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatTimestamp } from '@/lib/format';
import { usePersonTranscriptions } from '../api/get-person-transcriptions';

/** The meeting link of a segment, when the server populated meetingId with its title and project. */
function meetingLink(segment: TranscriptionSegment) {
  const meeting = segment.meetingId;
  if (typeof meeting !== 'object' || meeting === null) return null;
  const projectId =
    typeof meeting.projectId === 'string' ? meeting.projectId : (meeting.projectId as { _id: string })._id;
  const start = Math.floor((segment.startTime ?? 0) / 1000);
  return {
    title: meeting.title || 'Untitled Meeting',
    to: `/projects/${encodeURIComponent(projectId)}/meetings/${encodeURIComponent(meeting._id)}?t=${start}`,
  };
}

export function PersonTranscriptions({ personId }: { personId: string }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [input, setInput] = useState('');
  const query = usePersonTranscriptions(personId, page, search);
  // The header counts all of the person's segments, not the matches of a search.
  const [overallTotal, setOverallTotal] = useState<number | null>(null);

  useEffect(() => {
    if (query.data && !query.isPlaceholderData && search === '') setOverallTotal(query.data.pagination.total);
  }, [query.data, query.isPlaceholderData, search]);

  const total = overallTotal ?? 0;
  const searching = search !== '';
  const showSearch = total > 0 || searching;
  const data = query.data;
  const pages = data?.pagination.pages ?? 0;

  const runSearch = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    const next = input.trim();
    setSearch(next); // blank after trimming clears the search
    setPage(1);
  };
  const clearSearch = () => {
    setInput('');
    setSearch('');
    setPage(1);
  };
  const goToPage = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const error = query.isError ? errorMessage(query.error, 'Failed to load transcriptions') : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle role="heading" aria-level={2}>
          Transcriptions
        </CardTitle>
        <CardDescription>
          {overallTotal === null && query.isPending
            ? '\u00a0'
            : total > 0
              ? `${total} transcription(s) from meetings`
              : 'No transcriptions yet'}
        </CardDescription>
        <CardAction>
          <Badge variant="secondary" aria-label={`${total} transcriptions`}>
            {total}
          </Badge>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        {showSearch && (
          <div className="grid gap-2">
            {/* biome-ignore lint/a11y/useSemanticElements: <search> is not known to every browser yet */}
            <form role="search" onSubmit={runSearch} className="flex gap-2">
              <div className="relative min-w-0 flex-1">
                <Search
                  className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
                  aria-hidden="true"
                />
                <Input
                  type="search"
                  aria-label="Search transcriptions"
                  placeholder="Search transcriptions..."
                  className="pl-9"
                  value={input}
                  onChange={(event) => setInput(event.target.value)}
                  // Enter also clears a blank query, which implicit form submission can't do while the
                  // Search button is disabled.
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') runSearch(event);
                  }}
                />
              </div>
              <Button type="submit" disabled={input.trim() === ''}>
                Search
              </Button>
              {searching && (
                <Button variant="outline" onClick={clearSearch}>
                  <X aria-hidden="true" />
                  Clear
                </Button>
              )}
            </form>
            {searching && error && (
              <p role="alert" className="text-destructive text-sm">
                {error}
              </p>
            )}
          </div>
        )}

        {!searching && error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}

        {query.isPending ? (
          <DelayedSpinner label="Loading transcriptions" className="py-6" />
        ) : data && !error ? (
          data.transcriptions.length === 0 ? (
            <p className="text-muted-foreground py-6 text-center text-sm">No transcriptions found for this person</p>
          ) : (
            <ol className={`grid gap-3 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
              {data.transcriptions.map((segment) => {
                const link = meetingLink(segment);
                return (
                  <li key={segment._id} className="grid gap-1.5 rounded-lg border p-3 text-sm">
                    <div className="text-muted-foreground flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs">
                      <span className="font-mono tabular-nums">
                        {formatTimestamp(segment.startTime)} - {formatTimestamp(segment.endTime)}
                      </span>
                      {link ? (
                        <Link to={link.to} className="text-foreground min-w-0 truncate font-medium hover:underline">
                          {link.title}
                        </Link>
                      ) : (
                        <span className="min-w-0 truncate">Meeting</span>
                      )}
                    </div>
                    <p className="wrap-anywhere whitespace-pre-wrap">{segment.text}</p>
                    <time className="text-muted-foreground text-xs" dateTime={segment.createdAt}>
                      {formatDate(segment.createdAt)}
                    </time>
                  </li>
                );
              })}
            </ol>
          )
        ) : null}

        {pages > 1 && (
          <nav aria-label="Transcription pages" className="flex items-center justify-between gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <span className="text-muted-foreground text-sm tabular-nums">
              Page {page} of {pages}
            </span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goToPage(page + 1)}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        )}
      </CardContent>
    </Card>
  );
}
