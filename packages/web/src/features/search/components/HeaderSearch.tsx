import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Input } from '@/components/ui/input';

/** The header's search box on every page: Enter opens the search across every project. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = input.trim();
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not known to every browser yet
    <form role="search" aria-label="Search everything" onSubmit={submit} className="relative w-full max-w-md">
      <Search
        className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label="Search every project"
        placeholder="Search all meetings..."
        className="h-9 pl-9"
        value={input}
        onChange={(event) => setInput(event.target.value)}
      />
    </form>
  );
}
