import { useSearchParams } from '../app/router';
import { SEARCH_RESULTS_MAX } from '../../shared/constants.js';
import { searchQuerySchema } from '../../shared/schemas/search.js';
import { Skeleton } from '../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useSearch, type SearchType } from '../features/search/api/search';
import { PostResults, ThreadResults } from '../features/search/components/SearchResultsView';

/** /search?q= (SPEC.md section 2): tabs All Results, Threads, Posts. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const type = (['all', 'threads', 'posts'] as const).find((value) => value === params.get('type')) ?? 'all';
  const valid = searchQuerySchema.safeParse(q).success;
  // One request for all three tabs: each tab filters it, and every tab shows its count.
  const results = useSearch(q, 'all', valid);
  const counts = results.data ? { threads: results.data.threads.length, posts: results.data.posts.length } : null;
  const label = (name: string, count: number | undefined) => (count === undefined ? name : `${name} (${count >= SEARCH_RESULTS_MAX ? `${count}+` : count})`);

  const body = !valid ? (
    <p className="text-muted-foreground">Please enter at least 3 characters to search</p>
  ) : results.isPending ? (
    <div className="grid gap-3" aria-busy="true">
      <Skeleton className="h-20" />
      <Skeleton className="h-20" />
    </div>
  ) : results.isError ? (
    <p role="alert" className="text-destructive">
      Error searching: {results.error.message}
    </p>
  ) : (
    <div className="grid gap-6">
      {type !== 'posts' && (
        <section className="grid gap-2" aria-labelledby="thread-results">
          <h2 id="thread-results" className="font-semibold">
            Threads ({results.data.threads.length})
          </h2>
          <ThreadResults threads={results.data.threads} />
        </section>
      )}
      {type !== 'threads' && (
        <section className="grid gap-2" aria-labelledby="post-results">
          <h2 id="post-results" className="font-semibold">
            Posts ({results.data.posts.length})
          </h2>
          <PostResults posts={results.data.posts} />
        </section>
      )}
    </div>
  );

  return (
    <div className="grid gap-4">
      <title>{q ? `Search: ${q} · Hushboard` : 'Search · Hushboard'}</title>
      <h1 className="text-2xl font-bold tracking-tight">{q ? `Search results for “${q}”` : 'Search'}</h1>
      <Tabs value={type} onValueChange={(value) => setParams({ q, ...(value === 'all' ? {} : { type: value as SearchType }) })}>
        <TabsList>
          <TabsTrigger value="all">{label('All Results', counts ? counts.threads + counts.posts : undefined)}</TabsTrigger>
          <TabsTrigger value="threads">{label('Threads', counts?.threads)}</TabsTrigger>
          <TabsTrigger value="posts">{label('Posts', counts?.posts)}</TabsTrigger>
        </TabsList>
        <TabsContent value={type} className="pt-2">
          {body}
        </TabsContent>
      </Tabs>
    </div>
  );
}
