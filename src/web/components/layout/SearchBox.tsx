import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useNavigate } from '../../app/router';
import { isSearchQuery, SEARCH_TOO_SHORT } from '../../../shared/search-query.js';
import { cn } from '../../lib/utils';
import { Input } from '../ui/input';
import { toast } from '../ui/use-toast';

/** The header's search (SPEC.md sections 2 and 5): at least 3 characters, else a toast and no request. */
export function SearchBox({ id, className, autoFocus }: { id: string; className?: string; autoFocus?: boolean }) {
  const navigate = useNavigate();
  // The words as the field holds them, not as state: on a server-rendered page a reader may
  // type before the app hydrates, and state would then hold nothing.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
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
      <Input id={id} name="q" type="search" placeholder="Search threads and posts..." className="pl-8" autoFocus={autoFocus} />
    </form>
  );
}
