import { Search, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/**
 * The search form of spec sections 2 and 5: Enter or Search runs it, a blank query (after trimming)
 * clears it instead, and the Search button is disabled while the box is blank.
 */
export function SearchBox({
  label,
  placeholder,
  active,
  initial = '',
  onSearch,
  onClear,
}: {
  label: string;
  placeholder: string;
  /** The query shown when the box appears (a page opened at `?q=`). */
  initial?: string;
  /** A search is showing: offer Clear. */
  active: boolean;
  onSearch: (query: string) => void;
  onClear: () => void;
}) {
  const [input, setInput] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = input.trim();
    if (query) onSearch(query);
    else onClear();
  };
  const clear = () => {
    setInput('');
    onClear();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not known to every browser yet
    <form role="search" aria-label={label} onSubmit={submit} className="flex gap-2">
      <div className="relative min-w-0 flex-1">
        <Search
          className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={label}
          placeholder={placeholder}
          className="pl-9"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          // Enter must also clear a blank query, which implicit submission can't do while Search is disabled.
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit(event);
          }}
        />
      </div>
      <Button type="submit" disabled={input.trim() === ''}>
        Search
      </Button>
      {(active || input.trim() !== '') && (
        <Button type="button" variant="outline" onClick={clear}>
          <X aria-hidden="true" />
          Clear
        </Button>
      )}
    </form>
  );
}
