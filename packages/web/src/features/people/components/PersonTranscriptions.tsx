import type { PersonTranscription } from '@parley/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { HighlightedText } from '@/components/highlighted-text';
import { PageNav } from '@/components/page-nav';
import { SearchBox } from '@/components/search-box';
import { isUnheard, SegmentText } from '@/components/segment-text';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DelayedSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatTimestamp } from '@/lib/format';
import { usePersonTranscriptions } from '../api/get-person-transcriptions';

/** The meeting link of a segment, when the server populated meetingId with its title and project. */
function meetingLink(segment: PersonTranscription) {
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

  const clearSearch = () => {
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
            <SearchBox
              label="Search transcriptions"
              placeholder="Search transcriptions..."
              active={searching}
              onSearch={(next) => {
                setSearch(next);
                setPage(1);
              }}
              onClear={clearSearch}
            />
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
                    <p className="wrap-anywhere whitespace-pre-wrap">
                      {isUnheard(segment.text) ? (
                        <SegmentText text={segment.text} />
                      ) : (
                        <HighlightedText text={segment.text} highlights={segment.highlights} />
                      )}
                    </p>
                    <time className="text-muted-foreground text-xs" dateTime={segment.createdAt}>
                      {formatDate(segment.createdAt)}
                    </time>
                  </li>
                );
              })}
            </ol>
          )
        ) : null}

        <PageNav label="Transcription pages" page={page} pages={pages} onPage={goToPage} />
      </CardContent>
    </Card>
  );
}
