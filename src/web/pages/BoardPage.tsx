import { ArrowUp, ChevronLeft, ChevronRight, Hash, LayoutGrid, List, Plus, RefreshCw } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from '../app/router';
import { THREAD_SORTS } from '../../shared/constants.js';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { NativeSelect } from '../components/ui/native-select';
import { Skeleton } from '../components/ui/skeleton';
import { useUser } from '../lib/auth/get-user';
import { useBoards } from '../features/boards/api/get-boards';
import { useBoard } from '../features/boards/api/get-board';
import { BoardIcon } from '../components/layout/BoardIcon';
import { useBoardThreads, type ThreadSort } from '../features/threads/api/get-board-threads';
import { useLiveBoard } from '../features/threads/api/live';
import { CatalogGrid } from '../features/threads/components/CatalogGrid';
import { CreateThreadDialog } from '../features/threads/components/CreateThreadDialog';
import { THREADS_PER_PAGE } from '../../shared/constants.js';
import { ThreadList } from './parts/ThreadList';

/** Pagination shows at most 8 pages (SPEC.md section 9). */
const MAX_PAGES = 8;
const SCROLL_TOP_AFTER_PX = 500;
const sortLabels: Record<ThreadSort, string> = { newest: 'Newest', activity: 'Activity', popular: 'Popular' };

const isSort = (value: string | null): value is ThreadSort => (THREAD_SORTS as readonly string[]).includes(value ?? '');

/** The list a board page's address asks for; the server reads the same one (entry-server.tsx). */
export function boardListOf(params: URLSearchParams): { page: number; sort: ThreadSort } {
  const sortParam = params.get('sort');
  return {
    sort: isSort(sortParam) ? sortParam : 'activity',
    page: Math.min(MAX_PAGES, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)),
  };
}

/** /board/{code} (SPEC.md section 2). */
export function BoardPage() {
  const { code = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { page, sort } = boardListOf(params);
  const catalog = params.get('view') === 'catalog';
  const user = useUser().data ?? null;
  const boards = useBoards();
  const board = useBoard(code);
  const threads = useBoardThreads(code, page, sort);
  // New threads on this board refetch its lists.
  useLiveBoard(code);

  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return next;
  };
  const update = (changes: Record<string, string | null>) => setParams(withParams(changes));
  // Paging and the catalog are links, so they work without JavaScript too.
  const hrefWith = (changes: Record<string, string | null>) => {
    const search = withParams(changes).toString();
    return `/board/${encodeURIComponent(code)}${search ? `?${search}` : ''}`;
  };

  if (board.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-28 w-full rounded-xl" />
        <Skeleton className="h-24 w-full rounded-xl" />
      </div>
    );
  }
  if (board.isError) {
    return (
      <div className="grid justify-items-center gap-3 py-16 text-center">
        <title>Board not found · Hushboard</title>
        <h1 className="text-2xl font-semibold">Board not found</h1>
        <p className="text-muted-foreground">This board doesn&apos;t exist or couldn&apos;t be loaded.</p>
        <Button asChild variant="outline">
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    );
  }

  const b = board.data;
  const lastKnownPage = threads.data && threads.data.length < THREADS_PER_PAGE ? page : MAX_PAGES;
  const pages = Array.from({ length: Math.min(MAX_PAGES, lastKnownPage) }, (_, index) => index + 1);

  return (
    <div className="grid gap-5">
      <title>{`/${b.code}/ - ${b.name} · Hushboard`}</title>
      <section className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-start gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-muted">
            {b.icon ? <BoardIcon board={b} className="size-6" /> : <Hash className="size-6" aria-hidden="true" />}
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            <h1 className="text-2xl font-bold tracking-tight">
              /{b.code}/ - {b.name}
            </h1>
            <p className="text-muted-foreground">{b.description}</p>
            {b.tags.length > 0 && (
              <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Tags">
                {b.tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="secondary">{tag}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <CreateThreadDialog boards={boards.data ?? []} user={user} boardCode={b.code}>
            <Button asChild>
              <a href={`/new-thread?board=${encodeURIComponent(b.code)}`} role="button">
                <Plus aria-hidden="true" />
                Create New Thread
              </a>
            </Button>
          </CreateThreadDialog>
          <Button asChild variant="outline" aria-pressed={catalog}>
            {/* A toggle (aria-pressed) that is a link, so it works without JavaScript too. */}
            <Link to={hrefWith({ view: catalog ? null : 'catalog' })} replace role="button">
              {catalog ? <List aria-hidden="true" /> : <LayoutGrid aria-hidden="true" />}
              Catalog
            </Link>
          </Button>
          <Button variant="outline" onClick={() => void threads.refetch()} disabled={threads.isFetching}>
            <RefreshCw className={threads.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Refresh
          </Button>
          <div className="ml-auto flex items-center gap-2">
            <label htmlFor="thread-sort" className="text-sm text-muted-foreground">
              Sort by
            </label>
            <NativeSelect id="thread-sort" className="w-32" value={sort} onChange={(event) => update({ sort: event.target.value, page: null })}>
              {(['newest', 'activity', 'popular'] as const).map((value) => (
                <option key={value} value={value}>
                  {sortLabels[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </section>

      {catalog && threads.data && threads.data.length > 0 ? (
        <CatalogGrid threads={threads.data} />
      ) : (
        <section aria-label="Threads">
          <ThreadList
            query={threads}
            empty={
              <div className="grid gap-1 rounded-lg border border-dashed p-8 text-center">
                <p className="font-medium">No threads yet</p>
                <p className="text-muted-foreground">Be the first to create a thread in this board</p>
              </div>
            }
            error={
              <div role="alert" className="grid gap-1 rounded-lg border border-destructive/40 bg-destructive/5 p-8 text-center">
                <p className="font-medium text-destructive">Error loading threads</p>
                <p className="text-muted-foreground">Please try refreshing the page</p>
              </div>
            }
          />
        </section>
      )}

      {threads.data && (threads.data.length > 0 || page > 1) && (
        <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
          <PageLink to={page > 1 ? hrefWith({ page: String(page - 1) }) : null} variant="outline">
            <ChevronLeft aria-hidden="true" />
            Previous
          </PageLink>
          {pages.map((number) => (
            <Button
              key={number}
              asChild
              variant={number === page ? 'default' : 'ghost'}
              size="sm"
              className="w-9"
            >
              <Link to={hrefWith({ page: number === 1 ? null : String(number) })} aria-label={`Page ${number}`} aria-current={number === page ? 'page' : undefined}>
                {number}
              </Link>
            </Button>
          ))}
          <PageLink to={page < lastKnownPage ? hrefWith({ page: String(page + 1) }) : null} variant="outline">
            Next
            <ChevronRight aria-hidden="true" />
          </PageLink>
        </nav>
      )}
      <ScrollToTop />
    </div>
  );
}

/** Previous or Next: a link, or a disabled button where there is no such page. */
function PageLink({ to, variant, children }: { to: string | null; variant: 'outline'; children: ReactNode }) {
  if (to === null) {
    return (
      <Button variant={variant} size="sm" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant={variant} size="sm">
      <Link to={to}>{children}</Link>
    </Button>
  );
}

/** On small screens, a button back to the top after 500 px of scrolling. */
function ScrollToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > SCROLL_TOP_AFTER_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  return (
    <Button
      size="icon"
      className="fixed right-4 bottom-4 z-30 rounded-full shadow-lg md:hidden"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUp aria-hidden="true" />
    </Button>
  );
}
