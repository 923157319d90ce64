import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../app/router';
import { isSearchQuery, SEARCH_TOO_SHORT } from '../../../shared/search-query.js';
import { cn } from '../../lib/utils';
import { Input } from '../ui/input';
import { toast } from '../ui/use-toast';

/** The header's search (SPEC.md sections 2 and 5): at least 3 characters, else a toast and no request. */
export function SearchBox({ id, className, autoFocus }: { id: string; className?: string; autoFocus?: boolean }) {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (!isSearchQuery(text)) {
      toast({ variant: 'destructive', title: 'Search query too short', description: SEARCH_TOO_SHORT });
      return;
    }
    void navigate(`/search?q=${encodeURIComponent(text)}`);
  };
  return (
    // action and name: without JavaScript the browser asks for /search?q= itself.
    <form role="search" action="/search" onSubmit={onSubmit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        Search
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input id={id} name="q" type="search" placeholder="Search threads and posts..." value={query} onChange={(event) => setQuery(event.target.value)} className="pl-8" autoFocus={autoFocus} />
    </form>
  );
}
