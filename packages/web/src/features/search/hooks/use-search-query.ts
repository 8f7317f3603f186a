import { useState } from 'react';

/** The submitted query and result page of a search box: a new query or a clear goes back to page 1. */
export function useSearchQuery() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  return {
    q,
    page,
    setPage,
    active: q !== '',
    search: (next: string) => {
      setQ(next);
      setPage(1);
    },
    clear: () => {
      setQ('');
      setPage(1);
    },
  };
}
