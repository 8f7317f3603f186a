import type { Pagination } from '@parley/contract';
import { SearchX } from 'lucide-react';
import { ErrorAlert } from '@/components/error-alert';
import { EmptyState } from '@/components/page';
import { PageNav } from '@/components/page-nav';
import { DelayedSpinner } from '@/components/ui/spinner';
import { searchErrorMessage } from '../lib/search-error';

/** Loading, error, 'Found {total} result(s)', the empty state and paging around a list of results. */
export function SearchResultsFrame({
  query,
  page,
  onPage,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isPlaceholderData: boolean;
    data?: { pagination: Pagination };
  };
  page: number;
  onPage: (page: number) => void;
  children: React.ReactNode;
}) {
  if (query.isPending) return <DelayedSpinner label="Searching" className="py-6" />;
  if (query.isError) return <ErrorAlert message={searchErrorMessage(query.error)} />;
  const pagination = query.data?.pagination;
  if (!pagination) return null;
  return (
    <section aria-label="Search results" className={`grid gap-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        Found {pagination.total} result(s)
      </p>
      {pagination.total === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No Results Found"
          description="Try adjusting your search query or clear the search to see all transcriptions."
        />
      ) : (
        children
      )}
      <PageNav label="Search result pages" page={page} pages={pagination.pages} onPage={onPage} />
    </section>
  );
}
